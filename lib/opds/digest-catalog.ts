import "server-only";
import { env } from "@/lib/env";
import { bookDownload } from "@/lib/epub/epub-export";
import { atomFeed } from "@/lib/feeds/atom";
import type { User } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { digestDay } from "@/lib/digests/digest-day";
import { recentSentDigests, sentDigestOf } from "@/lib/digests/sent-digest-queries";
import { carriedLinks, digestBook } from "@/lib/digests/sent-digests";
import { linkCount } from "@/lib/time/local-time";
import { digestTitles } from "@/lib/opds/digest-titles";
import {
  ACQUISITION,
  base,
  bookEntry,
  catalogAnswer,
  catalogId,
  commonLinks,
  NAVIGATION,
  navigationEntry,
  wholeBookEntry,
} from "@/lib/opds/feed-parts";

// Recent digests in the OPDS catalog (decision 0411): the user's last sent digests, each an
// acquisition feed of the links it carried, with a book per link and the whole digest as one book.

/** Digests Recent digests lists: three weeks of daily digests, or ten days of twice-daily ones. */
export const RECENT_DIGESTS = 20;

const DIGEST_NOT_FOUND = "There is no such digest.";

/** GET /opds/digests: the user's last RECENT_DIGESTS sent digests, the newest first. */
export function digestsCatalog(req: Request, user: User): Promise<Response> {
  return catalogAnswer(req, user, NAVIGATION, async () => {
    const digests = await recentSentDigests(user.id, RECENT_DIGESTS);
    const titles = digestTitles(digests, user.timezone);
    const entries = digests.map((digest, i) =>
      navigationEntry(
        user,
        `digests/${encodeURIComponent(digest.id)}`,
        titles[i] ?? "",
        `${digest.kind === "manual" ? "Today's stash" : "Your LinkStash digest"}: ${linkCount(digest.linkCount)}.`,
        ACQUISITION,
        digest.sentAt ?? digest.windowEnd,
      ),
    );
    return atomFeed({
      id: catalogId(user, "digests"),
      title: "Recent digests",
      self: `${base()}/digests`,
      alternate: `${env.appUrl}/dashboard`,
      updated: new Date(),
      entries,
      links: commonLinks(NAVIGATION),
    });
  });
}

/** GET /opds/digests/{id}: the links one of the user's sent digests carried, in its mail's order. */
export async function digestCatalog(req: Request, user: User, id: string): Promise<Response> {
  const digest = await sentDigestOf(user.id, id);
  if (!digest) throw notFound(DIGEST_NOT_FOUND);
  return catalogAnswer(req, user, ACQUISITION, async () => {
    const links = await carriedLinks({ id: digest.id, userId: user.id });
    const [title = ""] = digestTitles([digest], user.timezone);
    const path = `digests/${encodeURIComponent(digest.id)}`;
    const entries = links.map((link) => bookEntry(user, link));
    if (links.length > 0)
      entries.unshift(
        wholeBookEntry(
          user,
          path,
          "All of this digest as one book",
          `The ${linkCount(links.length)} of your digest of ${title}, in one EPUB.`,
          `digest/${encodeURIComponent(digest.id)}`,
        ),
      );
    return atomFeed({
      id: catalogId(user, path),
      title: `Digest of ${title}`,
      self: `${base()}/${path}`,
      alternate: `${env.appUrl}/dashboard`,
      updated: new Date(),
      entries,
      links: [...commonLinks(NAVIGATION), { rel: "up", href: `${base()}/digests`, type: NAVIGATION }],
    });
  });
}

/** GET /opds/books/digest/{id}.epub: the links the digest carried, as one book. */
export function digestBookResponse(user: User, id: string, now = new Date()): Promise<Response> {
  return bookDownload(
    user,
    async () => {
      const digest = await sentDigestOf(user.id, id);
      if (!digest) throw notFound(DIGEST_NOT_FOUND);
      const links = await carriedLinks({ id: digest.id, userId: user.id });
      if (links.length === 0) throw notFound("This digest's links are gone: there is nothing to put in a book.");
      return digestBook(
        user.id,
        digestDay(digest, user.timezone),
        links.map((link) => link.id),
      );
    },
    now,
  );
}
