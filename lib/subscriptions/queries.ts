import "server-only";
import { columnList, type Db, getDb, queryRows } from "@/lib/db/client";
import { newRecordId } from "@/lib/db/record-id";
import { type FeedSource, Prisma, type Subscription } from "@/lib/generated/prisma/client";

// The statements of feed subscriptions that only SQL can say: claiming due feeds under a lease
// (SKIP LOCKED, so several runners never read one address at once), storing items once per feed,
// a subscription that cannot outlive its feed's deletion, and owed deliveries claimed once.

const SOURCE_COLUMNS = columnList(Prisma.FeedSourceScalarFieldEnum);
const SUBSCRIPTION_COLUMNS = columnList(Prisma.SubscriptionScalarFieldEnum);

/**
 * Takes one feed that is due (or `sourceId`, due or not), not stopped, read for at least one
 * subscriber and not claimed by a live lease, for `leaseSeconds`. Null when there is none free.
 */
export async function claimFeedSource(
  claimedBy: string,
  leaseSeconds: number,
  now: Date,
  sourceId?: string,
): Promise<FeedSource | null> {
  const which = sourceId === undefined ? Prisma.sql`s."nextCheckAt" <= ${now}` : Prisma.sql`s.id = ${sourceId}`;
  const [row] = await queryRows<FeedSource>(Prisma.sql`
    UPDATE "FeedSource" SET "claimedBy" = ${claimedBy},
      "claimedUntil" = ${new Date(now.getTime() + leaseSeconds * 1000)}
    WHERE id = (
      SELECT s.id FROM "FeedSource" s
      WHERE ${which} AND s."stoppedAt" IS NULL
        AND (s."claimedUntil" IS NULL OR s."claimedUntil" < ${now})
        AND EXISTS (SELECT 1 FROM "Subscription" sub WHERE sub."sourceId" = s.id)
      ORDER BY s."nextCheckAt"
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${SOURCE_COLUMNS}`);
  return row ?? null;
}

/** What a read leaves on its feed; the claim is let go in the same statement. */
export type SourceOutcome = Partial<
  Pick<
    FeedSource,
    | "title"
    | "siteUrl"
    | "etag"
    | "lastModified"
    | "checkedAt"
    | "succeededAt"
    | "nextCheckAt"
    | "failures"
    | "failingSince"
    | "lastError"
    | "stoppedAt"
  >
>;

/** Writes the read's outcome and frees the claim, if `claimedBy` still holds it. */
export async function releaseFeedSource(sourceId: string, claimedBy: string, outcome: SourceOutcome): Promise<void> {
  await getDb().feedSource.updateMany({
    where: { id: sourceId, claimedBy },
    data: { ...outcome, claimedBy: null, claimedUntil: null },
  });
}

/** The feed at `url` as a successful read found it, made or brought up to date: healthy again. */
export type SourceRead = {
  url: string;
  title: string;
  siteUrl: string | null;
  etag: string | null;
  lastModified: string | null;
  nextCheckAt: Date;
  now: Date;
};

export async function upsertFeedSource(read: SourceRead): Promise<FeedSource> {
  const [row] = await queryRows<FeedSource>(Prisma.sql`
    INSERT INTO "FeedSource" (id, url, title, "siteUrl", etag, "lastModified", "checkedAt", "succeededAt", "nextCheckAt")
    VALUES (${newRecordId()}, ${read.url}, ${read.title}, ${read.siteUrl}, ${read.etag}, ${read.lastModified},
      ${read.now}, ${read.now}, ${read.nextCheckAt})
    ON CONFLICT (url) DO UPDATE SET title = EXCLUDED.title, "siteUrl" = EXCLUDED."siteUrl",
      etag = EXCLUDED.etag, "lastModified" = EXCLUDED."lastModified", "checkedAt" = EXCLUDED."checkedAt",
      "succeededAt" = EXCLUDED."succeededAt", "nextCheckAt" = EXCLUDED."nextCheckAt",
      failures = 0, "failingSince" = NULL, "lastError" = NULL, "stoppedAt" = NULL
    RETURNING ${SOURCE_COLUMNS}`);
  if (!row) throw new Error("the feed source upsert returned no row");
  return row;
}

export type NewFeedItem = {
  guid: string;
  url: string;
  title: string | null;
  summary: string | null;
  publishedAt: Date | null;
};

/** Stores the items the feed did not carry before; answers the new ones' ids by guid. */
export async function insertFeedItems(sourceId: string, items: readonly NewFeedItem[]): Promise<Map<string, string>> {
  if (items.length === 0) return new Map();
  const rows = await queryRows<{ id: string; guid: string }>(Prisma.sql`
    INSERT INTO "FeedItem" (id, "sourceId", guid, url, title, summary, "publishedAt")
    VALUES ${Prisma.join(
      items.map(
        (item) =>
          Prisma.sql`(${newRecordId()}, ${sourceId}, ${item.guid}, ${item.url}, ${item.title}, ${item.summary}, ${item.publishedAt}::timestamp)`,
      ),
    )}
    ON CONFLICT ("sourceId", guid) DO NOTHING
    RETURNING id, guid`);
  return new Map(rows.map((row) => [row.guid, row.id]));
}

/**
 * The subscription of `userId` to `sourceId`, made unless it exists (then null: the caller reads
 * it). The feed's row is share-locked, so a feed being deleted for want of subscribers (which locks
 * it for update) is waited for and then no longer found: null too.
 */
export async function insertSubscription(
  userId: string,
  sourceId: string,
  category: string | null,
  into: Subscription["into"],
): Promise<Subscription | null> {
  const [row] = await queryRows<Subscription>(Prisma.sql`
    INSERT INTO "Subscription" (id, "userId", "sourceId", category, "into")
    SELECT ${newRecordId()}, ${userId}, s.id, ${category}, ${into}::"SubscriptionInto"
    FROM "FeedSource" s WHERE s.id = ${sourceId}
    FOR KEY SHARE
    ON CONFLICT ("userId", "sourceId") DO NOTHING
    RETURNING ${SUBSCRIPTION_COLUMNS}`);
  return row ?? null;
}

/** Deletes the feed when no one subscribes to it any more; in `tx`, locking it against a new subscription. */
export async function deleteSourceIfUnsubscribed(tx: Prisma.TransactionClient, sourceId: string): Promise<void> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "FeedSource" WHERE id = ${sourceId} FOR UPDATE`;
  if (locked.length === 0) return;
  if ((await tx.subscription.count({ where: { sourceId } })) > 0) return;
  await tx.feedSource.delete({ where: { id: sourceId } });
}

/** A delivery owed into the stash, locked in `tx` (skipped when another runner holds it). */
export type OwedStashDelivery = {
  subscriptionId: string;
  itemId: string;
  userId: string;
  url: string;
  title: string | null;
  category: string | null;
  /** The owner's time zone: a link's day is theirs. */
  timezone: string;
};

export async function lockOwedStashDelivery(
  tx: Prisma.TransactionClient,
  subscriptionId: string,
  itemId: string,
): Promise<OwedStashDelivery | null> {
  const [row] = await tx.$queryRaw<OwedStashDelivery[]>`
    SELECT d."subscriptionId", d."itemId", d."userId", i.url, i.title, s.category, u.timezone
    FROM "FeedDelivery" d
    JOIN "FeedItem" i ON i.id = d."itemId"
    JOIN "Subscription" s ON s.id = d."subscriptionId"
    JOIN "User" u ON u.id = d."userId"
    WHERE d."subscriptionId" = ${subscriptionId} AND d."itemId" = ${itemId}
      AND d."into" = 'stash' AND d."stashedAt" IS NULL
    FOR UPDATE OF d SKIP LOCKED`;
  return row ?? null;
}

/** The deliveries owed into the stash and not yet made, of these subscriptions. */
export function owedStashDeliveries(
  subscriptionIds: readonly string[],
  db: Db = getDb(),
): Promise<{ subscriptionId: string; itemId: string }[]> {
  return db.feedDelivery.findMany({
    where: { subscriptionId: { in: [...subscriptionIds] }, into: "stash", stashedAt: null },
    select: { subscriptionId: true, itemId: true },
    orderBy: { createdAt: "asc" },
  });
}

/** A subscription with its feed, as the API answers it. */
export type SubscriptionWithSource = Subscription & { source: FeedSource };

export function selectSubscriptions(userId: string): Promise<SubscriptionWithSource[]> {
  return getDb().subscription.findMany({
    where: { userId },
    include: { source: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

export function selectOwnSubscription(userId: string, id: string): Promise<SubscriptionWithSource | null> {
  return getDb().subscription.findFirst({ where: { id, userId }, include: { source: true } });
}

/** The user's subscription to the feed whose own address is `url`. */
export function selectSubscriptionToUrl(userId: string, url: string): Promise<SubscriptionWithSource | null> {
  return getDb().subscription.findFirst({ where: { userId, source: { url } }, include: { source: true } });
}

export function selectSubscriptionToSource(userId: string, sourceId: string): Promise<SubscriptionWithSource | null> {
  return getDb().subscription.findUnique({
    where: { userId_sourceId: { userId, sourceId } },
    include: { source: true },
  });
}

export function countSubscriptions(userId: string, db: Db = getDb()): Promise<number> {
  return db.subscription.count({ where: { userId } });
}

export function updateSubscriptionById(
  id: string,
  change: { category?: string | null; into?: Subscription["into"] },
): Promise<SubscriptionWithSource> {
  return getDb().subscription.update({ where: { id }, data: change, include: { source: true } });
}

export async function deleteOwnSubscription(tx: Prisma.TransactionClient, userId: string, id: string): Promise<void> {
  await tx.subscription.deleteMany({ where: { id, userId } });
}

/** A feed read successfully before and still checked, by its own address. */
export function selectReadSource(url: string): Promise<FeedSource | null> {
  return getDb().feedSource.findFirst({ where: { url, succeededAt: { not: null }, stoppedAt: null } });
}

/** Clears a feed's failures (a stopped one starts again) and makes it due at `now`. */
export async function restartFeedSource(id: string, now: Date): Promise<void> {
  await getDb().feedSource.update({
    where: { id },
    data: { stoppedAt: null, failures: 0, failingSince: null, nextCheckAt: now },
  });
}

export function selectSubscriptionsOf(sourceId: string, onlyWaiting = false): Promise<Subscription[]> {
  return getDb().subscription.findMany({ where: { sourceId, ...(onlyWaiting ? { primedAt: null } : {}) } });
}

/** The user's subscriptions not started yet to feeds already read once (their items are stored). */
export function selectWaitingOnReadFeeds(userId: string): Promise<Subscription[]> {
  return getDb().subscription.findMany({ where: { userId, primedAt: null, source: { succeededAt: { not: null } } } });
}

/** The ids of a feed's newest stored items, newest first: by date, then by when they were first read. */
export async function selectNewestItemIds(sourceId: string, take: number): Promise<string[]> {
  const items = await getDb().feedItem.findMany({
    where: { sourceId },
    orderBy: [{ publishedAt: { sort: "desc", nulls: "last" } }, { seenAt: "desc" }],
    take,
    select: { id: true },
  });
  return items.map((item) => item.id);
}

export async function selectItemIdsByGuid(sourceId: string, guids: readonly string[]): Promise<Map<string, string>> {
  const items = await getDb().feedItem.findMany({
    where: { sourceId, guid: { in: [...guids] } },
    select: { id: true, guid: true },
  });
  return new Map(items.map((item) => [item.guid, item.id]));
}

/** The plan fields of these users: whose saves are limited. */
export function selectPlanUsers(userIds: readonly string[]) {
  return getDb().user.findMany({
    where: { id: { in: [...userIds] } },
    select: {
      id: true,
      trialEndsAt: true,
      proUntil: true,
      stripeSubscriptionStatus: true,
      stripeCurrentPeriodEnd: true,
    },
  });
}

export type NewDelivery = { subscriptionId: string; itemId: string; userId: string; into: Subscription["into"] };

/** Owes each delivery unless it is owed already (each item reaches each subscription once). */
export async function insertDeliveries(deliveries: readonly NewDelivery[], db: Db = getDb()): Promise<void> {
  if (deliveries.length === 0) return;
  await db.feedDelivery.createMany({ data: [...deliveries], skipDuplicates: true });
}

/** Marks the subscription started, in `tx`; false when it was already. */
export async function markPrimed(tx: Prisma.TransactionClient, id: string, now: Date): Promise<boolean> {
  const primed = await tx.subscription.updateMany({ where: { id, primedAt: null }, data: { primedAt: now } });
  return primed.count > 0;
}

/** The user's latest link at `url`, whether a delivery already brought it. */
export async function selectLinkAt(
  tx: Prisma.TransactionClient,
  userId: string,
  url: string,
): Promise<{ id: string; delivered: boolean } | null> {
  const link = await tx.link.findFirst({
    where: { userId, url },
    orderBy: { createdAt: "desc" },
    select: { id: true, feedDelivery: { select: { itemId: true } } },
  });
  return link && { id: link.id, delivered: link.feedDelivery !== null };
}

export async function markStashed(
  tx: Prisma.TransactionClient,
  delivery: { subscriptionId: string; itemId: string },
  linkId: string | null,
  now: Date,
): Promise<void> {
  await tx.feedDelivery.update({
    where: { subscriptionId_itemId: delivery },
    data: { stashedAt: now, linkId },
  });
}
