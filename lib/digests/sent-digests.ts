import "server-only";
import type { Book } from "@/lib/epub/epub-export";
import { linksById } from "@/lib/epub/book-links";
import type { Link } from "@/lib/generated/prisma/client";
import { linksFor } from "@/lib/digests/queries";
import { digestItemsOf, ownLinksByIds } from "@/lib/digests/sent-digest-queries";

// What a sent digest carried, read back (docs/product.md, "OPDS catalog"), and the book of a
// digest's links, the same for Kindle and for the catalog.

/**
 * The links a sent digest carried, in its mail's order: back today, the new ones (the newest
 * DIGEST_MAX_LINKS, as linksFor chose them; the mail only counted the rest), then from your stash.
 * Links deleted since are gone.
 */
export async function carriedLinks(digest: { id: string; userId: string }): Promise<Link[]> {
  const [fresh, items] = await Promise.all([linksFor([digest.id]), digestItemsOf(digest.id)]);
  const ids = [
    ...items.filter((item) => item.section === "reminder").map((item) => item.linkId),
    ...(fresh.get(digest.id)?.links ?? []).map((link) => link.id),
    ...items.filter((item) => item.section === "rediscovered").map((item) => item.linkId),
  ];
  const rows = new Map((await ownLinksByIds(digest.userId, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/** The book of a digest's links, of its local day ("YYYY-MM-DD"). */
export function digestBook(userId: string, day: string, linkIds: string[]): Book {
  return {
    title: `LinkStash digest, ${day}`,
    description: "The links of your digest",
    links: linksById(userId, linkIds),
    fileName: `linkstash-digest-${day}.epub`,
  };
}
