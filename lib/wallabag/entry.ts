import { createHash } from "node:crypto";
import { categoryKey, DEFAULT_CATEGORY } from "@/lib/categories/rules";
import { lastChangedAt } from "@/lib/links/last-change";

// A link as wallabag's API v2 gives an entry, for the apps that speak it (KOReader, the wallabag
// apps, wallabagger). Pure: the shapes those apps parse, read from their sources —
// `is_archived` and `is_starred` the numbers 0 and 1 (a JSON boolean breaks the Android app),
// `is_public` a boolean, integer ids, `tags` always an array, dates as wallabag writes them
// (`2016-06-07T15:53:45+0000`) and `created_at`/`updated_at` never null.

export type EntryLink = {
  serial: number;
  url: string;
  title: string | null;
  categories: string[];
  readAt: Date | null;
  archivedAt: Date | null;
  favoritedAt: Date | null;
  createdAt: Date;
  updatedAt: Date | null;
  readingMinutes: number | null;
};

export type EntryArticle = {
  contentHtml: string | null;
  lang: string | null;
  publishedTime: string | null;
  byline: string | null;
} | null;

export type EntryOwner = { serial: number; email: string; name: string | null };

export type WallabagTag = { id: number; label: string; slug: string };

export type EntryAnnotation = {
  id: number;
  text: string;
  quote: string;
  ranges: { start: string; startOffset: number; end: string; endOffset: number }[];
  created_at: string;
  updated_at: string;
  user: string;
  annotator_schema_version: "v1.0";
};

/** wallabag's date format (PHP's `Y-m-d\TH:i:sO`), in UTC. */
export function wallabagDate(at: Date): string {
  return `${at.toISOString().slice(0, 19)}+0000`;
}

const wallabagDateOrNull = (at: Date | null) => (at ? wallabagDate(at) : null);

/**
 * A tag's id: a stable whole number from its name (categories are names, not rows), the same in
 * every list and for any case of the name; 31 bits, so any app's integer holds it.
 */
export function tagId(name: string): number {
  // FNV-1a over the UTF-8 of the category's identity.
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(categoryKey(name), "utf8")) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff || 1;
}

/** A category as a wallabag tag: `slug` is wallabag's `t:` and the lower-cased words, joined by dashes. */
export function toWallabagTag(name: string): WallabagTag {
  const words = categoryKey(name)
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
  return { id: tagId(name), label: name, slug: `t:${words}` };
}

/** A link's tags: its categories but the default one, which means none. */
export function tagsOf(categories: readonly string[]): WallabagTag[] {
  return categories.filter((name) => categoryKey(name) !== categoryKey(DEFAULT_CATEGORY)).map(toWallabagTag);
}

/** SHA-1 of an address, as wallabag's apps hash them (`hashed_url`). */
export function hashedUrl(url: string): string {
  return createHash("sha1").update(url).digest("hex");
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    // A stored address always parses; an odd one still gets an entry.
    return null;
  }
}

function publishedAt(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : wallabagDate(at);
}

/** Read, or set aside ("Not interested"): either is out of the apps' unread list. */
export function isArchived(link: Pick<EntryLink, "readAt" | "archivedAt">): boolean {
  return link.readAt !== null || link.archivedAt !== null;
}

/** The entry of a link; `content` null when the app asked for metadata only. */
export function toWallabagEntry(
  link: EntryLink,
  article: EntryArticle,
  owner: EntryOwner,
  options: { content: boolean; annotations: EntryAnnotation[] },
) {
  const archivedAt = link.readAt ?? link.archivedAt;
  return {
    id: link.serial,
    uid: null,
    title: link.title ?? link.url,
    url: link.url,
    hashed_url: hashedUrl(link.url),
    origin_url: null,
    given_url: link.url,
    hashed_given_url: hashedUrl(link.url),
    archived_at: wallabagDateOrNull(archivedAt),
    content: options.content ? (article?.contentHtml ?? "") : null,
    created_at: wallabagDate(link.createdAt),
    updated_at: wallabagDate(lastChangedAt(link)),
    published_at: publishedAt(article?.publishedTime),
    published_by: article?.byline ? [article.byline] : null,
    starred_at: wallabagDateOrNull(link.favoritedAt),
    annotations: options.annotations,
    mimetype: "text/html",
    language: article?.lang ?? null,
    reading_time: link.readingMinutes ?? 0,
    domain_name: hostOf(link.url),
    preview_picture: null,
    http_status: null,
    headers: null,
    is_archived: isArchived(link) ? 1 : 0,
    is_starred: link.favoritedAt ? 1 : 0,
    user_name: owner.email,
    user_email: owner.email,
    user_id: owner.serial,
    tags: tagsOf(link.categories),
    is_public: false,
    _links: { self: { href: `/api/entries/${link.serial}` } },
  };
}

export type WallabagEntry = ReturnType<typeof toWallabagEntry>;
