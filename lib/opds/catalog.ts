import "server-only";
import { categoryKey } from "@/lib/categories/rules";
import { env } from "@/lib/env";
import { linksById } from "@/lib/epub/book-links";
import { bookTitle, type BookSelection } from "@/lib/epub/book-title";
import { bookDownload, epubExportResponse } from "@/lib/epub/epub-export";
import { MAX_BOOK_LINKS } from "@/lib/epub/limits";
import { countFeedLinks, feedLinkIds, feedLinks, type FeedFilter } from "@/lib/feeds/queries";
import { atomFeed } from "@/lib/feeds/atom";
import type { User } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { historyQuerySchema } from "@/lib/links/schemas";
import { listHistoryPage, listLinkCategories } from "@/lib/links/service";
import { digestBookResponse } from "@/lib/opds/digest-catalog";
import {
  ACQUISITION,
  base,
  bookEntry,
  catalogAnswer,
  catalogId,
  catalogResponse,
  commonLinks,
  NAVIGATION,
  navigationEntry,
  OPENSEARCH,
  wholeBookEntry,
} from "@/lib/opds/feed-parts";
import { escapeXml } from "@/lib/text/escape-xml";
import { localDateKey } from "@/lib/time/local-day";

// The OPDS 1.2 catalog at /opds, for e-reader apps and Calibre (decision 0411): a navigation root
// (Unread, Favorites, Categories, Recent digests, Search), an acquisition feed per list with a book
// per link and the whole list as one book (the list's own newest links); OpenSearch for search.
// Every book goes through the EPUB export's download, with its limits. The digests' feeds are in
// digest-catalog.ts.

export const ENTRIES_PER_PAGE = 50;

/** GET /opds: the navigation root. */
export function rootCatalog(req: Request, user: User): Promise<Response> {
  const entries = [
    navigationEntry(user, "unread", "Unread", "Your unread links, newest first.", ACQUISITION),
    navigationEntry(user, "favorites", "Favorites", "Your favorite links, newest first.", ACQUISITION),
    navigationEntry(user, "categories", "Categories", "Your links by category.", NAVIGATION),
    navigationEntry(user, "digests", "Recent digests", "The links of your last digests.", NAVIGATION),
  ];
  return catalogAnswer(req, user, NAVIGATION, () =>
    atomFeed({
      id: catalogId(user, "root"),
      title: "LinkStash",
      self: base(),
      alternate: `${env.appUrl}/dashboard`,
      updated: new Date(),
      entries,
      links: commonLinks(NAVIGATION),
    }),
  );
}

/** GET /opds/categories: one entry per category the user's links have. */
export function categoriesCatalog(req: Request, user: User): Promise<Response> {
  return catalogAnswer(req, user, NAVIGATION, async () => {
    const names = await listLinkCategories(user);
    const entries = names.map((name) =>
      navigationEntry(user, `categories/${encodeURIComponent(name)}`, name, `Your links in ${name}.`, ACQUISITION),
    );
    return atomFeed({
      id: catalogId(user, "categories"),
      title: "Categories",
      self: `${base()}/categories`,
      alternate: `${env.appUrl}/history`,
      updated: new Date(),
      entries,
      links: commonLinks(NAVIGATION),
    });
  });
}

/** A list of the catalog: what it holds, its title, its path, and its whole book's path and title page. */
type List = { filter: FeedFilter; title: string; path: string; wholeBook: string; book: BookSelection };

async function listOf(user: User, segments: string[]): Promise<List> {
  const [first, second] = segments;
  if (segments.length === 1 && first === "unread")
    return {
      filter: { userId: user.id, list: "unread" },
      title: "Unread",
      path: "unread",
      wholeBook: "unread",
      book: { unread: true },
    };
  if (segments.length === 1 && first === "favorites")
    return {
      filter: { userId: user.id, list: "favorites" },
      title: "Favorites",
      path: "favorites",
      wholeBook: "favorites",
      book: { favorites: true },
    };
  if (segments.length === 2 && first === "categories" && second) {
    const category = (await listLinkCategories(user)).find((name) => categoryKey(name) === categoryKey(second));
    if (category)
      return {
        filter: { userId: user.id, list: "category", category },
        title: category,
        path: `categories/${encodeURIComponent(category)}`,
        wholeBook: `category/${encodeURIComponent(category)}`,
        book: { category },
      };
  }
  throw notFound("There is no such catalog.");
}

/** GET /opds/unread, /opds/favorites, /opds/categories/{name}: a page of books, 50 at a time. */
export async function acquisitionCatalog(
  req: Request,
  user: User,
  segments: string[],
  page: number,
): Promise<Response> {
  const list = await listOf(user, segments);
  const total = await countFeedLinks(list.filter);
  const pages = Math.max(1, Math.ceil(total / ENTRIES_PER_PAGE));
  if (page > pages) throw notFound("There is no such page.");
  return catalogAnswer(req, user, ACQUISITION, async () => {
    const links = await feedLinks(list.filter, ENTRIES_PER_PAGE, (page - 1) * ENTRIES_PER_PAGE, false);
    const self = `${base()}/${list.path}`;
    const entries = links.map((link) => bookEntry(user, link));
    if (page === 1 && total > 0)
      entries.unshift(
        wholeBookEntry(
          user,
          list.path,
          `All of ${list.title} as one book`,
          `The newest ${MAX_BOOK_LINKS} links of ${list.title}, in one EPUB.`,
          list.wholeBook,
        ),
      );
    return atomFeed({
      id: catalogId(user, list.path),
      title: list.title,
      self: page === 1 ? self : `${self}?page=${page}`,
      alternate: `${env.appUrl}/history`,
      updated: new Date(),
      entries,
      links: [
        ...commonLinks(ACQUISITION),
        ...(page < pages ? [{ rel: "next", href: `${self}?page=${page + 1}`, type: ACQUISITION }] : []),
        ...(page > 1 ? [{ rel: "previous", href: `${self}?page=${page - 1}`, type: ACQUISITION }] : []),
      ],
    });
  });
}

/** GET /opds/search?q=: the newest 50 links History's search finds. */
export async function searchCatalog(user: User, q: string): Promise<Response> {
  const query = historyQuerySchema.parse({ q });
  const page = await listHistoryPage(user, { q: query.q, limit: ENTRIES_PER_PAGE });
  const entries = page.links.map((link) =>
    bookEntry(user, {
      ...link,
      createdAt: new Date(link.createdAt),
      updatedAt: null,
    }),
  );
  const xml = atomFeed({
    id: catalogId(user, `search:${q}`),
    title: `Search: ${q}`,
    self: `${base()}/search?q=${encodeURIComponent(q)}`,
    alternate: `${env.appUrl}/history?q=${encodeURIComponent(q)}`,
    updated: new Date(),
    entries,
    links: commonLinks(ACQUISITION),
  });
  return catalogResponse(xml, ACQUISITION);
}

/** GET /opds/search.xml: the OpenSearch description readers fill in. */
export function openSearchDescription(): Response {
  const xml = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">`,
    `  <ShortName>LinkStash</ShortName>`,
    `  <Description>Search your links</Description>`,
    `  <InputEncoding>UTF-8</InputEncoding>`,
    `  <OutputEncoding>UTF-8</OutputEncoding>`,
    `  <Url type="${escapeXml(ACQUISITION)}" template="${escapeXml(`${base()}/search?q={searchTerms}`)}"/>`,
    `</OpenSearchDescription>`,
    "",
  ].join("\n");
  return new Response(xml, { headers: { "content-type": `${OPENSEARCH}; charset=utf-8` } });
}

/**
 * A list's whole book: the newest links of the list itself (so the Unread book, like the Unread
 * list, leaves out links set aside as "Not interested"), at most a book's links.
 */
function listBookResponse(user: User, segments: string[], now = new Date()): Promise<Response> {
  return bookDownload(
    user,
    async () => {
      const list = await listOf(user, segments);
      const ids = await feedLinkIds(list.filter, MAX_BOOK_LINKS);
      if (ids.length === 0) throw notFound("This list is empty: there is nothing to put in a book.");
      return {
        ...bookTitle(list.book),
        links: linksById(user.id, ids),
        fileName: `linkstash-${localDateKey(user.timezone, now)}.epub`,
      };
    },
    now,
  );
}

/**
 * GET /opds/books/link/{id}.epub, /opds/books/unread.epub, /opds/books/favorites.epub,
 * /opds/books/category/{name}.epub, /opds/books/digest/{id}.epub.
 */
export function bookResponse(user: User, segments: string[]): Promise<Response> {
  const last = segments.at(-1) ?? "";
  const name = last.endsWith(".epub") ? last.slice(0, -".epub".length) : null;
  if (name === null) throw notFound("There is no such book.");
  if (segments.length === 2 && segments[0] === "link")
    return epubExportResponse(user, { format: "epub", unread: false, q: null, link: name });
  if (segments.length === 1 && (name === "unread" || name === "favorites")) return listBookResponse(user, [name]);
  if (segments.length === 2 && segments[0] === "category") return listBookResponse(user, ["categories", name]);
  if (segments.length === 2 && segments[0] === "digest") return digestBookResponse(user, name);
  throw notFound("There is no such book.");
}
