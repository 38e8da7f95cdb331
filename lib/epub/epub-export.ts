import "server-only";
import type { Readable } from "node:stream";
import { isRecordId } from "@/lib/db/input";
import { env } from "@/lib/env";
import { categoryKey } from "@/lib/categories/rules";
import { buildEpub, type BookLink } from "@/lib/epub/build-epub";
import { hasMatchingLink, linksById, linksMatching } from "@/lib/epub/book-links";
import { bookTitle } from "@/lib/epub/book-title";
import { bookLinkRef } from "@/lib/epub/queries";
import { takeBookBuild } from "@/lib/epub/book-builds";
import { streamedDownload } from "@/lib/http/download";
import { notFound } from "@/lib/http/errors";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import type { User } from "@/lib/generated/prisma/client";
import { localDateKey } from "@/lib/time/local-day";
import { fetchImage } from "@/lib/unfurl/fetch-page";
import { BOOK_LIMITS } from "@/lib/epub/limits";
import type { EpubExportQuery } from "@/lib/epub/schemas";

// A book of the user's links: what GET /api/export?format=epub downloads and Send to Kindle mails.

/** Books a user may have made in an hour: each can fetch hundreds of images (decision 0341). */
export const EPUB_BOOK_LIMIT = { name: "epub-book:user", limit: 30, windowSeconds: 60 * 60 } satisfies RateLimitRule;

export type Book = { title: string; description: string; links: AsyncIterable<BookLink>; fileName: string };

/** The images of a book, fetched like the pages themselves (the SSRF-safe fetcher). */
export function fetchBookImage(url: string) {
  return fetchImage(url, { allowedHosts: env.unfurlAllowedHosts, maxBytes: BOOK_LIMITS.bytesPerImage });
}

/** A book download's query; callers other than History's may leave Favorites out. */
export type BookRequest = Omit<EpubExportQuery, "favorites"> & { favorites?: boolean };
/** What selects a book's links: one link, or History's filters. */
export type BookQuery = Omit<BookRequest, "format">;

/** The user's book for `query`: 404 when it would hold no link (another user's link included). */
export async function selectBook(user: Pick<User, "id" | "timezone">, query: BookQuery, now: Date): Promise<Book> {
  const fileName = `linkstash-${localDateKey(user.timezone, now)}.epub`;
  if (query.link) {
    // Not an id of any row (a NUL, say, which PostgreSQL refuses to compare): no link.
    const link = isRecordId(query.link) ? await bookLinkRef(query.link, user.id) : null;
    if (!link) throw notFound("Link not found");
    return {
      ...bookTitle({ linkTitle: link.title?.trim() || link.url }),
      links: linksById(user.id, [link.id]),
      fileName,
    };
  }
  const category = query.category?.trim() ? categoryKey(query.category) : null;
  const filter = {
    userId: user.id,
    category,
    tsquery: query.q ?? null,
    unreadOnly: query.unread ?? false,
    favoritesOnly: query.favorites ?? false,
  };
  if (!(await hasMatchingLink(filter)))
    throw notFound("No links match these filters: there is nothing to put in a book.");
  return {
    ...bookTitle({
      category: query.category?.trim(),
      unread: query.unread,
      favorites: query.favorites,
      search: query.q ?? undefined,
    }),
    links: linksMatching(filter),
    fileName,
  };
}

export function writeBook(book: Book, now: Date): Readable {
  return buildEpub(book.links, { title: book.title, description: book.description, now, fetchImage: fetchBookImage });
}

/** `node` read one chunk per pull, so the book is written only as fast as the client reads it. */
function webStream(node: Readable): ReadableStream<Uint8Array> {
  const chunks = node[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel() {
      node.destroy();
    },
  });
}

/**
 * The download of the book `choose` selects (it may refuse with an HttpError), streamed as it is
 * written, in one of the process's book builds (held until the download ends, or is ended for not
 * being read), under the user's hourly books.
 */
export async function bookDownload(user: User, choose: () => Promise<Book>, now: Date): Promise<Response> {
  const release = await takeBookBuild(user.id);
  try {
    await enforceRateLimits(
      [{ rule: EPUB_BOOK_LIMIT, subject: user.id }],
      "You have made 30 books in the last hour, the most we make in an hour. Please try again later.",
    );
    const book = await choose();
    const body = streamedDownload(webStream(writeBook(book, now)), { kind: "epub", userId: user.id, onEnd: release });
    return new Response(body, {
      headers: {
        "content-type": "application/epub+zip",
        "content-disposition": `attachment; filename="${book.fileName}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    release();
    throw error;
  }
}

/** GET /api/export?format=epub: the book of the export's selection. */
export function epubExportResponse(user: User, query: BookRequest, now = new Date()): Promise<Response> {
  return bookDownload(user, () => selectBook(user, query, now), now);
}
