import "server-only";
import { categoryKey, DEFAULT_CATEGORY } from "@/lib/categories/rules";
import type { Highlight, User } from "@/lib/generated/prisma/client";
import { annotatorName, articleTextOf } from "@/lib/wallabag/annotations";
import { toAnnotation } from "@/lib/wallabag/annotation";
import { type Later, refreshLinkArticle } from "@/lib/articles/service";
import { epubExportResponse } from "@/lib/epub/epub-export";
import { notFound } from "@/lib/http/errors";
import { escapeHtml } from "@/lib/mail/html-escape";
import { overflowTagsNote, splitCategories } from "@/lib/import/record";
import { MAX_NOTES_LENGTH } from "@/lib/links/schemas";
import { normalizeUrl } from "@/lib/links/url";
import { deleteLink, listLinkCategories, saveLink } from "@/lib/links/service";
import {
  type EntryAnnotation,
  hashedUrl,
  toWallabagEntry,
  toWallabagTag,
  tagsOf,
  wallabagDate,
  type WallabagEntry,
} from "@/lib/wallabag/entry";
import {
  allUrlsOf,
  articleContentOf,
  countEntries,
  entryBySerial,
  type EntryRow,
  highlightsOfLinks,
  selectEntries,
  serialsOfUrls,
  setEntryFields,
} from "@/lib/wallabag/queries";
import type { ExistsQuery } from "@/lib/wallabag/exists-query";
import { entryMarkdown } from "@/lib/wallabag/markdown";
import type { EntriesQuery, EntryChange, NewEntry } from "@/lib/wallabag/schemas";

// wallabag's API v2 over the user's links (lib/wallabag/entry.ts for the shapes). Archived is read
// (or set aside), starred is Favorites, tags are categories: three at most, the rest kept in the
// notes as an import keeps them, never refused (the apps do not expect a refusal).

const ENTRY_NOT_FOUND = "Entry not found";

/** The user's highlights on these rows, by link: one query for a page. */
async function highlightsByLink(user: User, rows: EntryRow[]): Promise<Map<string, Highlight[]>> {
  const byLink = new Map<string, Highlight[]>();
  if (rows.length === 0) return byLink;
  for (const highlight of await highlightsOfLinks(
    user.id,
    rows.map((row) => row.id),
  ))
    byLink.set(highlight.linkId, [...(byLink.get(highlight.linkId) ?? []), highlight]);
  return byLink;
}

/** A link's highlights as annotations; their ranges need the article (none without it). */
function annotationsOf(user: User, highlights: Highlight[], contentHtml: string | null | undefined): EntryAnnotation[] {
  const article = highlights.length > 0 ? articleTextOf(contentHtml) : null;
  return highlights.map((highlight) => toAnnotation(highlight, annotatorName(user), article));
}

async function entriesOf(
  user: User,
  rows: EntryRow[],
  content: boolean,
  highlights?: Map<string, Highlight[]>,
): Promise<WallabagEntry[]> {
  const byLink = highlights ?? (await highlightsByLink(user, rows));
  return rows.map((row) =>
    toWallabagEntry(row, row.article, user, {
      content,
      annotations: annotationsOf(user, byLink.get(row.id) ?? [], content ? row.article?.contentHtml : null),
    }),
  );
}

async function entryOf(user: User, serial: number): Promise<{ row: EntryRow; entry: WallabagEntry }> {
  const row = await entryBySerial(user.id, serial);
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  const [entry] = await entriesOf(user, [row], true);
  if (!entry) throw notFound(ENTRY_NOT_FOUND);
  return { row, entry };
}

/** The user's spelling of each name, where the user has it; else the name as given. */
async function ownSpellings(user: User, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const known = new Map((await listLinkCategories(user)).map((name) => [categoryKey(name), name]));
  return names.map((name) => known.get(categoryKey(name)) ?? name);
}

/** GET /api/entries: one page, as wallabag pages (a page past the last is 404). */
export async function listEntries(user: User, query: EntriesQuery, requestUrl: URL) {
  const filter = {
    userId: user.id,
    archived: query.archive,
    starred: query.starred,
    categories: await ownSpellings(user, query.tags ?? []),
    changedAfter: query.since > 0 ? new Date(query.since * 1000) : null,
    host: query.domain_name?.trim().toLowerCase() || undefined,
  };
  const total = await countEntries(filter);
  const pages = Math.max(1, Math.ceil(total / query.perPage));
  if (query.page > pages) throw notFound("There is no such page.");
  // The page's rows without their articles: with `detail=full` each article (up to 2 MB of HTML) is
  // read and written out one at a time, so a page of 100 never holds 100 articles in memory.
  const rows = await selectEntries(
    filter,
    { sort: query.sort, order: query.order },
    (query.page - 1) * query.perPage,
    query.perPage,
  );
  const href = (page: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set("page", String(page));
    url.searchParams.set("perPage", String(query.perPage));
    return { href: url.toString() };
  };
  const head = {
    page: query.page,
    limit: query.perPage,
    pages,
    total,
    _links: {
      self: href(query.page),
      first: href(1),
      last: href(pages),
      ...(query.page < pages ? { next: href(query.page + 1) } : {}),
      ...(query.page > 1 ? { previous: href(query.page - 1) } : {}),
    },
  };
  const highlights = await highlightsByLink(user, rows);
  const items = await entriesOf(user, rows, false, highlights);
  if (query.detail === "metadata") return { ...head, _embedded: { items } };
  // Each item's annotations get their ranges when its article is read.
  return streamedList(head, rows, items, (row, content) => annotationsOf(user, highlights.get(row.id) ?? [], content));
}

/**
 * A list answer whose items are written as the client reads them, each with its article read then:
 * the same JSON as `{...head, _embedded: {items}}`.
 */
function streamedList(
  head: object,
  rows: EntryRow[],
  items: WallabagEntry[],
  annotations: (row: EntryRow, content: string) => EntryAnnotation[],
): Response {
  const encoder = new TextEncoder();
  const opening = `${JSON.stringify(head).slice(0, -1)},"_embedded":{"items":[`;
  let next = -1;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next === -1) controller.enqueue(encoder.encode(opening));
      else {
        const row = rows[next];
        const item = items[next];
        if (!row || !item) {
          controller.enqueue(encoder.encode("]}}"));
          controller.close();
          return;
        }
        const content = (await articleContentOf(row.id)) ?? "";
        const full = { ...item, content, annotations: annotations(row, content) };
        controller.enqueue(encoder.encode(`${next > 0 ? "," : ""}${JSON.stringify(full)}`));
      }
      next += 1;
    },
  });
  return new Response(body, { headers: { "content-type": "application/json", "cache-control": "no-store" } });
}

export async function getEntry(user: User, serial: number): Promise<WallabagEntry> {
  return (await entryOf(user, serial)).entry;
}

/**
 * Categories for a tag list, and the notes that keep what does not fit: the link's own notes, with
 * one "Tags: …" line for the rest (replacing an earlier one).
 */
function categoriesFor(tags: readonly string[], notes: string | null) {
  const { categories, overflow } = splitCategories(tags);
  const [primary = DEFAULT_CATEGORY, ...others] = categories;
  const kept = (notes ?? "")
    .split("\n\n")
    .filter((part) => !part.startsWith(overflowTagsNote([])))
    .join("\n\n")
    .trim();
  const withOverflow = [kept, overflow.length > 0 ? overflowTagsNote(overflow) : ""].filter(Boolean).join("\n\n");
  return {
    category: primary,
    categories: [primary, ...others],
    notes: withOverflow === "" ? null : withOverflow.slice(0, MAX_NOTES_LENGTH),
  };
}

/** Applies an app's change to a link it found: title, tags (replacing them), archive, starred. */
async function applyChange(user: User, row: EntryRow, change: EntryChange, now: Date): Promise<void> {
  const data = {
    ...(change.title ? { title: change.title } : {}),
    ...(change.tags && change.tags.length > 0 ? categoriesFor(change.tags, row.notes) : {}),
    ...(change.archive === true ? { readAt: row.readAt ?? now, remindOn: null } : {}),
    ...(change.archive === false ? { readAt: null, archivedAt: null } : {}),
    ...(change.starred === true ? { favoritedAt: row.favoritedAt ?? now } : {}),
    ...(change.starred === false ? { favoritedAt: null } : {}),
  };
  if (Object.keys(data).length === 0) return;
  if (!(await setEntryFields(user.id, row.id, data))) throw notFound(ENTRY_NOT_FOUND);
}

/**
 * POST /api/entries: saves the address (the page is fetched after the answer); an address the user
 * has saved already is that entry, given the new tags and flags, as wallabag answers it.
 */
export async function createEntry(
  user: User,
  input: NewEntry,
  ip: string | null,
  now = new Date(),
): Promise<{ entry: WallabagEntry; created: boolean }> {
  const [existing] = await serialsOfUrls(user.id, [input.url]);
  let serial = existing?.serial;
  let created = false;
  if (serial === undefined) {
    const { category, categories, notes } = categoriesFor(input.tags ?? [], null);
    const saved = await saveLink(
      user,
      { url: input.url, title: input.title || null, notes, category, categories },
      ip,
      now,
    );
    serial = saved.link.serial;
    created = saved.created;
  }
  const row = await entryBySerial(user.id, serial);
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  const tags = existing ? mergeTags(row.categories, input.tags ?? []) : undefined;
  await applyChange(
    user,
    row,
    {
      archive: input.archive,
      starred: input.starred,
      tags,
      ...(existing && input.title ? { title: input.title } : {}),
    },
    now,
  );
  return { entry: await getEntry(user, serial), created };
}

/** The link's tags and the new ones (wallabag adds tags to an entry saved again). */
function mergeTags(categories: readonly string[], added: readonly string[]): string[] | undefined {
  if (added.length === 0) return undefined;
  return [...tagsOf(categories).map((tag) => tag.label), ...added];
}

/** PATCH /api/entries/{id}. */
export async function changeEntry(
  user: User,
  serial: number,
  change: EntryChange,
  now = new Date(),
): Promise<WallabagEntry> {
  const { row } = await entryOf(user, serial);
  await applyChange(user, row, change, now);
  return getEntry(user, serial);
}

/** DELETE /api/entries/{id}: the entry as it was. */
export async function deleteEntry(user: User, serial: number): Promise<WallabagEntry> {
  const { row, entry } = await entryOf(user, serial);
  await deleteLink(user, row.id);
  return entry;
}

/** GET /api/entries/{id}/tags. */
export async function entryTags(user: User, serial: number) {
  return (await entryOf(user, serial)).entry.tags;
}

/** POST /api/entries/{id}/tags: adds tags (past three, into the notes). */
export async function addEntryTags(user: User, serial: number, tags: readonly string[], now = new Date()) {
  const { row } = await entryOf(user, serial);
  await applyChange(user, row, { tags: mergeTags(row.categories, tags) }, now);
  return getEntry(user, serial);
}

/** DELETE /api/entries/{id}/tags/{tag}: the tag by its id (or its name). */
export async function removeEntryTag(user: User, serial: number, tag: string) {
  const { row } = await entryOf(user, serial);
  const kept = tagsOf(row.categories).filter(
    (existing) => String(existing.id) !== tag && categoryKey(existing.label) !== categoryKey(tag),
  );
  if (kept.length === tagsOf(row.categories).length) throw notFound("Tag not found");
  const { category, categories } = categoriesFor(
    kept.map((existing) => existing.label),
    row.notes,
  );
  if (!(await setEntryFields(user.id, row.id, { category, categories }))) throw notFound(ENTRY_NOT_FOUND);
  return getEntry(user, serial);
}

/** GET /api/tags: every category the user's links have, with how many. */
export async function listTags(user: User) {
  const names = await listLinkCategories(user);
  return names.filter((name) => categoryKey(name) !== categoryKey(DEFAULT_CATEGORY)).map((name) => toWallabagTag(name));
}

/**
 * GET /api/entries/exists: whether each address (or SHA-1 of one) is saved; its entry's number with
 * `return_id`. One address or hash answers `{exists}`, a list a map keyed by what was sent.
 */
export async function entriesExist(user: User, query: ExistsQuery): Promise<Record<string, boolean | number | null>> {
  // What was sent -> the entry's number. An address is looked up as a save would store it.
  const found = new Map<string, number>();
  const stored = new Map<string, string>();
  for (const sent of query.urls) {
    const normalized = normalizeUrl(sent);
    if (normalized.ok) stored.set(sent, normalized.url);
  }
  if (stored.size > 0) {
    const serials = new Map<string, number>();
    for (const { url, serial } of await serialsOfUrls(user.id, [...new Set(stored.values())]))
      if (!serials.has(url)) serials.set(url, serial);
    for (const [sent, url] of stored) {
      const serial = serials.get(url);
      if (serial !== undefined) found.set(sent, serial);
    }
  }
  if (query.hashes.length > 0) {
    const wanted = new Set(query.hashes.map((hash) => hash.toLowerCase()));
    for (const { url, serial } of await allUrlsOf(user.id)) {
      const hash = hashedUrl(url);
      if (wanted.has(hash) && !found.has(hash)) found.set(hash, serial);
    }
  }
  const answer = (key: string) => {
    const serial = found.get(key) ?? found.get(key.toLowerCase());
    return query.returnId ? (serial ?? null) : serial !== undefined;
  };
  if (!query.batch) return { exists: answer(query.urls[0] ?? query.hashes[0] ?? "") };
  return Object.fromEntries([...query.urls, ...query.hashes].map((key) => [key, answer(key)]));
}

/** The wallabag version this server answers as: the apps enable what 2.6 has (hashed lookups, `expect=id`). */
export const WALLABAG_VERSION = "2.6.10";

export function serverInfo() {
  return { appname: "LinkStash", version: WALLABAG_VERSION, allowed_registration: false };
}

/** GET /api/user: the account, as wallabag shows a user. */
export function appUser(user: User) {
  return {
    id: user.serial,
    username: user.email,
    email: user.email,
    name: user.name ?? user.email,
    created_at: wallabagDate(user.createdAt),
    updated_at: wallabagDate(user.updatedAt),
  };
}

/**
 * PATCH /api/entries/{id}/reload: the page is owed another fetch and extraction (the reader's
 * refresh, with its limits: 429); the entry answers as it is, its article replaced when the page
 * work has run.
 */
export async function reloadEntry(user: User, serial: number, ip: string | null, later: Later): Promise<WallabagEntry> {
  const { row, entry } = await entryOf(user, serial);
  await refreshLinkArticle(user, row.id, ip, later);
  return entry;
}

const EXPORT_FILE = /^export\.(epub|html|txt|md)$/;

/**
 * GET /api/entries/{id}/export.{epub,html,txt,md}: the entry as a book (the EPUB export's builds and
 * limits), or its article as a page, as text or as Markdown.
 */
export async function exportEntry(user: User, serial: number, file: string): Promise<Response> {
  const format = EXPORT_FILE.exec(file)?.[1];
  if (!format) throw notFound("Not found");
  const { row } = await entryOf(user, serial);
  if (format === "epub") return epubExportResponse(user, { format: "epub", link: row.id, unread: false, q: null });
  const title = row.title ?? row.url;
  const headers = {
    "cache-control": "no-store",
    "content-disposition": `attachment; filename="entry-${serial}.${format}"`,
  };
  if (format === "md") {
    const markdown = entryMarkdown({ title, url: row.url, contentHtml: row.article?.contentHtml ?? null });
    return new Response(markdown, { headers: { ...headers, "content-type": "text/markdown; charset=utf-8" } });
  }
  if (format === "txt") {
    const text = row.article?.textContent ?? "";
    return new Response(`${title}\n${row.url}\n\n${text}\n`, {
      headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
    });
  }
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p><a href="${escapeHtml(row.url)}">${escapeHtml(row.url)}</a></p>${row.article?.contentHtml ?? ""}</body></html>`;
  return new Response(html, { headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
}
