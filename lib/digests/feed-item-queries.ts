import "server-only";
import { FEED_ITEM_DAYS, type DigestFeed, type DigestFeedItem } from "@/lib/digests/compose";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DAY_MS } from "@/lib/time/wall-clock";

// The feed items a digest carries under "From your feeds" (decision 0418), read back once chosen:
// comingBackSql in queries.ts chooses them with the links that come back.

type FeedItemRow = DigestFeedItem & { deliveryId: string; sourceId: string; feed: string };

/**
 * The feed items each delivery carries (chosen by selectComingBack), grouped by feed in the order of
 * each feed's newest item, newest first within a feed. One query for the batch.
 */
export async function feedItemsFor(ids: string[]): Promise<Map<string, DigestFeed[]>> {
  const byDelivery = new Map<string, DigestFeed[]>();
  if (ids.length === 0) return byDelivery;
  const rows = await getDb().$queryRaw<FeedItemRow[]>`
    SELECT f."digestId" AS "deliveryId", s.id AS "sourceId", i.id, i.title, i.url, COALESCE(NULLIF(btrim(s.title), ''), s.url) AS feed
    FROM "FeedDelivery" f
    JOIN "FeedItem" i ON i.id = f."itemId"
    JOIN "FeedSource" s ON s.id = i."sourceId"
    WHERE f."digestId" IN (${Prisma.join(ids)})
    ORDER BY f."digestId", max(f."createdAt") OVER (PARTITION BY f."digestId", s.id) DESC, s.id,
      f."createdAt" DESC, i."publishedAt" DESC NULLS LAST, i.id DESC`;
  for (const row of rows) {
    const feeds = byDelivery.get(row.deliveryId) ?? [];
    const last = feeds.at(-1);
    const item = { id: row.id, title: row.title, url: row.url };
    if (last && last.sourceId === row.sourceId) last.items.push(item);
    else feeds.push({ sourceId: row.sourceId, name: row.feed, items: [item] });
    byDelivery.set(row.deliveryId, feeds);
  }
  return byDelivery;
}

/** Whether a digest at `now` would carry a feed item to the user: a quick check before Send now. */
export async function mayCarryFeedItems(userId: string, now: Date): Promise<boolean> {
  const owed = await getDb().feedDelivery.findFirst({
    where: {
      userId,
      into: "digest",
      digestedAt: null,
      digestId: null,
      linkId: null,
      createdAt: { gt: new Date(now.getTime() - FEED_ITEM_DAYS * DAY_MS) },
    },
    select: { itemId: true },
  });
  return owed !== null;
}
