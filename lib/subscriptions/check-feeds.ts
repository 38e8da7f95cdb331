import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FeedSource } from "@/lib/generated/prisma/client";
import { logJobError } from "@/lib/log/log";
import { oweNewItems, PRIMING_ITEMS, primeSubscription, stashOwedDeliveries } from "@/lib/subscriptions/deliver";
import { FEED_READS_AT_ONCE } from "@/lib/subscriptions/feed-slots";
import type { FeedItem } from "@/lib/subscriptions/feed-types";
import { nextPoll } from "@/lib/subscriptions/poll-interval";
import {
  claimFeedSource,
  insertFeedItems,
  type NewFeedItem,
  releaseFeedSource,
  selectItemIdsByGuid,
  selectNewestItemIds,
  selectSubscriptionsOf,
} from "@/lib/subscriptions/queries";
import { newestFirst, readFeed } from "@/lib/subscriptions/read-feed";

// The poller (decision 0416): each due feed address read once for all its subscribers, under a
// lease taken with SKIP LOCKED, so runners on several instances (or three cycles at once) never read
// one address twice. The reads at once are bounded per process (feed-slots.ts).

/** A claim's lease: far past a read's 5 s and the writes after it; a dead runner's claim is retaken after it. */
export const FEED_LEASE_SECONDS = 120;

function runnerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

export function toNewItems(items: readonly FeedItem[]): NewFeedItem[] {
  const seen = new Set<string>();
  return items.flatMap((item) => {
    if (seen.has(item.guid)) return [];
    seen.add(item.guid);
    return [
      {
        guid: item.guid,
        url: item.url,
        title: item.title,
        summary: item.summary ?? null,
        publishedAt: item.published && !Number.isNaN(item.published.getTime()) ? item.published : null,
      },
    ];
  });
}

/** The ids of the newest items stored for a feed, newest first (a feed not read in this check). */
export function newestStoredItemIds(sourceId: string): Promise<string[]> {
  return selectNewestItemIds(sourceId, PRIMING_ITEMS);
}

/** Starts every subscription of the feed not started yet (imported, or whose first read failed). */
async function primeWaiting(sourceId: string, newestIds: () => Promise<string[]>, now: Date): Promise<void> {
  const waiting = await selectSubscriptionsOf(sourceId, true);
  if (waiting.length === 0) return;
  const ids = await newestIds();
  for (const subscription of waiting) await primeSubscription(subscription, ids, now);
}

/** One read of a claimed feed and all that follows from it; the claim is let go at the end. */
async function checkSource(source: FeedSource, claimedBy: string, now: Date): Promise<void> {
  const read = await readFeed(source.url, { etag: source.etag, lastModified: source.lastModified });
  if (read.kind === "failed") {
    const failures = source.failures + 1;
    const failingSince = source.failingSince ?? now;
    const decision = nextPoll({ now, retryAfter: read.retryAfter, consecutiveFailures: failures, failingSince });
    await releaseFeedSource(source.id, claimedBy, {
      checkedAt: now,
      failures,
      failingSince,
      lastError: read.message,
      ...("stop" in decision ? { stoppedAt: now } : { nextCheckAt: decision.next }),
    });
    return;
  }
  const healthy = { checkedAt: now, succeededAt: now, failures: 0, failingSince: null, lastError: null };
  if (read.kind === "not-modified") {
    await primeWaiting(source.id, () => newestStoredItemIds(source.id), now);
    await stashOwedDeliveries(await subscriptionIdsOf(source.id), now);
    const decision = nextPoll({ now, consecutiveFailures: 0 });
    await releaseFeedSource(source.id, claimedBy, {
      ...healthy,
      nextCheckAt: "next" in decision ? decision.next : now,
    });
    return;
  }
  const { feed } = read;
  await deliverFeed(source.id, feed.items, now);
  const decision = nextPoll({
    now,
    ttlMinutes: feed.ttlMinutes,
    updatePeriodMinutes: feed.updatePeriod,
    maxAgeSeconds: read.maxAgeSeconds,
    consecutiveFailures: 0,
  });
  await releaseFeedSource(source.id, claimedBy, {
    ...healthy,
    title: feed.title || source.title,
    siteUrl: feed.siteUrl,
    etag: read.etag,
    lastModified: read.lastModified,
    nextCheckAt: "next" in decision ? decision.next : now,
  });
}

async function subscriptionIdsOf(sourceId: string): Promise<string[]> {
  return (await selectSubscriptionsOf(sourceId)).map((subscription) => subscription.id);
}

/**
 * Stores a feed's items read now and owes them: the items new in this read to every started
 * subscription, the newest few the feed has to each one not started yet; then makes the links owed.
 */
export async function deliverFeed(sourceId: string, items: readonly FeedItem[], now: Date): Promise<void> {
  const ordered = toNewItems(newestFirst(items));
  const added = await insertFeedItems(sourceId, ordered);
  const subscriptions = await selectSubscriptionsOf(sourceId);
  const newIds = ordered.flatMap((item) => added.get(item.guid) ?? []);
  await oweNewItems(
    subscriptions.filter((s) => s.primedAt !== null),
    newIds,
    now,
  );
  await primeWaiting(
    sourceId,
    async () => {
      const newest = ordered.slice(0, PRIMING_ITEMS).map((item) => item.guid);
      const byGuid = await selectItemIdsByGuid(sourceId, newest);
      return newest.flatMap((guid) => byGuid.get(guid) ?? []);
    },
    now,
  );
  await stashOwedDeliveries(
    subscriptions.map((s) => s.id),
    now,
  );
}

/**
 * Reads the feeds that are due until none is left or `budgetMs` has passed, as many at once as the
 * process reads feeds; answers how many were read. `now` stands in for the clock (tests). A read
 * that throws is logged; its claim lapses with its lease and the feed is read again after it.
 */
export async function checkDueFeeds({ budgetMs, now }: { budgetMs: number; now?: Date }): Promise<number> {
  const claimedBy = runnerId();
  const deadline = Date.now() + budgetMs;
  let checked = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const at = now ?? new Date();
      const source = await claimFeedSource(claimedBy, FEED_LEASE_SECONDS, at);
      if (!source) return;
      try {
        await checkSource(source, claimedBy, at);
        checked += 1;
      } catch (error) {
        logJobError({ job: "feed-check", error, sourceId: source.id });
      }
    }
  };
  await Promise.all(Array.from({ length: FEED_READS_AT_ONCE }, worker));
  return checked;
}

/** Reads one feed now, due or not, unless another runner is reading it (then its read counts). */
export async function checkSourceNow(sourceId: string, now = new Date()): Promise<void> {
  const claimedBy = runnerId();
  const source = await claimFeedSource(claimedBy, FEED_LEASE_SECONDS, now, sourceId);
  if (source) await checkSource(source, claimedBy, now);
}
