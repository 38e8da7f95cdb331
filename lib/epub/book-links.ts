import "server-only";
import type { BookLink } from "@/lib/epub/build-epub";
import { bookLinksByIds, readyArticlesOf } from "@/lib/epub/queries";
import { MAX_BOOK_LINKS } from "@/lib/epub/limits";
import { selectLinkPage, type LinkCursor, type LinkFilter } from "@/lib/links/queries";

// The links a book holds, with their stored articles, read a few at a time: an article can be
// megabytes, so a page of them is all the book keeps in memory (decision 0340).

const PAGE_SIZE = 10;

/** The links with these ids (the user's own; others are not found), in the order given. */
export async function* linksById(userId: string, ids: string[]): AsyncIterable<BookLink> {
  for (let start = 0; start < Math.min(ids.length, MAX_BOOK_LINKS); start += PAGE_SIZE) {
    const page = ids.slice(start, start + PAGE_SIZE);
    const rows = await bookLinksByIds(userId, page);
    const articles = await readyArticles(userId, page);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of page) {
      const row = byId.get(id);
      if (row) yield { url: row.url, title: row.title, notes: row.notes, article: articles.get(id) ?? null };
    }
  }
}

/** The links History shows for `filter`, newest first, at most MAX_BOOK_LINKS. */
export async function* linksMatching(filter: LinkFilter): AsyncIterable<BookLink> {
  let cursor: LinkCursor | null = null;
  let count = 0;
  while (count < MAX_BOOK_LINKS) {
    const rows = await selectLinkPage(filter, cursor, Math.min(PAGE_SIZE, MAX_BOOK_LINKS - count));
    const articles = await readyArticles(
      filter.userId,
      rows.map((row) => row.id),
    );
    for (const row of rows)
      yield { url: row.url, title: row.title, notes: row.notes, article: articles.get(row.id) ?? null };
    count += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_SIZE) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

async function readyArticles(
  userId: string,
  linkIds: string[],
): Promise<Map<string, NonNullable<BookLink["article"]>>> {
  const rows = await readyArticlesOf(userId, linkIds);
  return new Map(
    rows.map(({ linkId, contentHtml, ...article }) => [linkId, { ...article, contentHtml: contentHtml ?? "" }]),
  );
}

/** How many links `filter` selects, to refuse an empty book before writing it. */
export async function hasMatchingLink(filter: LinkFilter): Promise<boolean> {
  return (await selectLinkPage(filter, null, 1)).length > 0;
}
