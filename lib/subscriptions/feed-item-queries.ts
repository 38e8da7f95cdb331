import "server-only";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";

// The reads and writes of feed items that go to the digest (decision 0418), each one statement and
// scoped to the item's reader.

/** How long a digested item stays on the dashboard's list. */
export const DIGESTED_LISTED_DAYS = 7;
/** The dashboard's list holds at most this many, the newest first. */
export const FEED_ITEMS_LISTED = 50;

const itemSelect = {
  createdAt: true,
  digestedAt: true,
  linkId: true,
  item: { select: { id: true, title: true, url: true, source: { select: { title: true, url: true } } } },
  subscription: { select: { category: true } },
} as const;

/** The reader's digest-only items not saved yet: owed, or digested in the last DIGESTED_LISTED_DAYS. */
export function listedFeedItems(userId: string, now: Date) {
  const since = new Date(now.getTime() - DIGESTED_LISTED_DAYS * 86_400_000);
  return getDb().feedDelivery.findMany({
    where: { userId, into: "digest", linkId: null, OR: [{ digestedAt: null }, { digestedAt: { gte: since } }] },
    orderBy: [{ createdAt: "desc" }, { itemId: "desc" }],
    take: FEED_ITEMS_LISTED,
    select: itemSelect,
  });
}

/** The reader's delivery of one item (an item reaches a reader through one subscription at most). */
export function feedItemOf(userId: string, itemId: string) {
  return getDb().feedDelivery.findFirst({
    where: { userId, itemId },
    select: { ...itemSelect, subscriptionId: true, link: true },
  });
}

/**
 * Records the link an item became, unless it has one already. A link that another item became (the
 * same address from two feeds, saved the same day) is left to that item: saving again answers the
 * same link anyway.
 */
export async function linkFeedItem(subscriptionId: string, itemId: string, linkId: string): Promise<void> {
  try {
    await getDb().feedDelivery.updateMany({ where: { subscriptionId, itemId, linkId: null }, data: { linkId } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** The reader a digest's "Save to stash" token names, or null once the account is deleted. */
export function feedItemReader(userId: string) {
  return getDb().user.findUnique({ where: { id: userId } });
}
