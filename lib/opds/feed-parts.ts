import "server-only";
import { env } from "@/lib/env";
import type { AtomEntry, AtomLink } from "@/lib/feeds/atom";
import { feedValidator } from "@/lib/feeds/validator";
import type { Link, User } from "@/lib/generated/prisma/client";
import { isNotModified, notModified, validatorHeaders } from "@/lib/http/conditional-get";
import { lastChangedAt } from "@/lib/links/last-change";

// What the OPDS catalog's feeds share (decision 0411): their media types, addresses and ids, the
// entries that lead to a feed or a book, and the answer with its validators (decision 0413).

export const NAVIGATION = "application/atom+xml;profile=opds-catalog;kind=navigation";
export const ACQUISITION = "application/atom+xml;profile=opds-catalog;kind=acquisition";
export const EPUB = "application/epub+zip";
export const ACQUIRE = "http://opds-spec.org/acquisition";
export const OPENSEARCH = "application/opensearchdescription+xml";

export const base = () => `${env.appUrl}/opds`;
const host = () => new URL(env.appUrl).hostname;
export const catalogId = (user: User, path: string) => `tag:${host()},2026:opds:${user.serial}:${path}`;

const CACHE_CONTROL = "private, no-cache";

/** A feed answered whole, with no validator (search). */
export function catalogResponse(xml: string, type: string): Response {
  return new Response(xml, { headers: { "content-type": `${type}; charset=utf-8`, "cache-control": CACHE_CONTROL } });
}

/**
 * A feed the request names, known to exist: 304 when the reader's copy is current (the validator of
 * its path and page), else the feed `write` writes.
 */
export async function catalogAnswer(
  req: Request,
  user: User,
  type: string,
  write: () => string | Promise<string>,
): Promise<Response> {
  const { pathname, search } = new URL(req.url);
  const validator = await feedValidator(user, `opds:${pathname}${search}`);
  const headers = {
    "content-type": `${type}; charset=utf-8`,
    "cache-control": CACHE_CONTROL,
    ...validatorHeaders(validator),
  };
  if (isNotModified(req.headers, validator)) return notModified(headers);
  return new Response(await write(), { headers });
}

export function commonLinks(kind: string): AtomLink[] {
  return [
    { rel: "start", href: base(), type: NAVIGATION, title: "LinkStash" },
    { rel: "search", href: `${base()}/search.xml`, type: OPENSEARCH, title: "Search your links" },
    ...(kind === NAVIGATION ? [] : [{ rel: "up", href: base(), type: NAVIGATION }]),
  ];
}

/** An entry leading to the feed at `path`, of media type `kind`. */
export function navigationEntry(
  user: User,
  path: string,
  title: string,
  summary: string,
  kind: string,
  updated = new Date(),
): AtomEntry {
  return {
    id: catalogId(user, path),
    title,
    link: `${base()}/${path}`,
    published: user.createdAt,
    updated,
    summary,
    contentHtml: null,
    categories: [],
    links: [{ rel: "subsection", href: `${base()}/${path}`, type: kind }],
  };
}

/** A link's entry, acquired as its own book. */
export function bookEntry(
  user: User,
  link: Pick<Link, "id" | "url" | "title" | "notes" | "createdAt" | "updatedAt" | "categories">,
): AtomEntry {
  return {
    id: catalogId(user, `link:${link.id}`),
    title: link.title ?? link.url,
    link: link.url,
    published: link.createdAt,
    updated: lastChangedAt(link),
    summary: link.notes,
    contentHtml: null,
    categories: link.categories,
    links: [{ rel: ACQUIRE, href: `${base()}/books/link/${encodeURIComponent(link.id)}.epub`, type: EPUB }],
  };
}

/** The entry of a whole list as one book (`book`: its path under /opds/books, without ".epub"). */
export function wholeBookEntry(user: User, path: string, title: string, summary: string, book: string): AtomEntry {
  return {
    id: catalogId(user, `book:${path}`),
    title,
    link: `${base()}/${path}`,
    published: user.createdAt,
    updated: new Date(),
    summary,
    contentHtml: null,
    categories: [],
    links: [{ rel: ACQUIRE, href: `${base()}/books/${book}.epub`, type: EPUB }],
  };
}
