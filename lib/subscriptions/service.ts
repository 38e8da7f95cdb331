import "server-only";
import { inTransaction } from "@/lib/db/transaction";
import { MAX_SUBSCRIPTIONS_PER_USER } from "@/lib/subscriptions/limits";
import { isRecordId } from "@/lib/db/input";
import type { FeedSource, User } from "@/lib/generated/prisma/client";
import { badRequest, forbidden, notFound } from "@/lib/http/errors";
import { normalizeUrl } from "@/lib/links/url";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { checkSourceNow, deliverFeed, newestStoredItemIds } from "@/lib/subscriptions/check-feeds";
import { primeSubscription, stashOwedDeliveries } from "@/lib/subscriptions/deliver";
import { discoverFeeds } from "@/lib/subscriptions/discover";
import type { ParsedFeed } from "@/lib/subscriptions/feed-types";
import { nextPoll } from "@/lib/subscriptions/poll-interval";
import {
  countSubscriptions,
  deleteOwnSubscription,
  deleteSourceIfUnsubscribed,
  insertSubscription,
  restartFeedSource,
  selectOwnSubscription,
  selectReadSource,
  selectSubscriptions,
  selectSubscriptionToSource,
  selectSubscriptionToUrl,
  type SubscriptionWithSource,
  updateSubscriptionById,
  upsertFeedSource,
} from "@/lib/subscriptions/queries";
import { readFeed, type FeedRead } from "@/lib/subscriptions/read-feed";
import type { SubscribePayload, SubscriptionChange, SubscriptionResponse } from "@/lib/subscriptions/schemas";

// Feed subscriptions (decision 0416): one feed address read once for all its subscribers; each
// subscription starts with the feed's newest 5 items and then gets each new one once.

/** Subscribing reads the network (up to four addresses): far above anyone subscribing by hand. */
export const SUBSCRIBE_RATE_LIMIT = {
  name: "feed-subscribe:user",
  limit: 30,
  windowSeconds: 60 * 60,
} satisfies RateLimitRule;
/** "Check now" reads the feed again: a few times a quarter-hour is plenty. */
export const REFRESH_RATE_LIMIT = {
  name: "feed-refresh:user",
  limit: 10,
  windowSeconds: 10 * 60,
} satisfies RateLimitRule;

/** The most subscriptions one account holds: more than any reader follows, a bound on its checks. */
export const SUBSCRIPTION_LIMIT_MESSAGE = `You can follow up to ${MAX_SUBSCRIPTIONS_PER_USER} feeds. Unsubscribe from one to add another.`;
export const SUBSCRIBE_RATE_LIMITED_MESSAGE =
  "You are subscribing to feeds too quickly. Please wait a while and try again.";
export const REFRESH_RATE_LIMITED_MESSAGE = "This feed was checked a moment ago. Please wait a few minutes.";
export const NOT_FOUND_MESSAGE = "Subscription not found";

/** The candidates a page names that are tried, in its order. */
const MAX_DISCOVERED_TRIES = 3;

export function toSubscriptionResponse(subscription: SubscriptionWithSource): SubscriptionResponse {
  const { source } = subscription;
  const stopped = source.stoppedAt !== null;
  return {
    id: subscription.id,
    title: source.title || source.url,
    url: source.url,
    siteUrl: source.siteUrl,
    category: subscription.category,
    into: subscription.into,
    createdAt: subscription.createdAt.toISOString(),
    checkedAt: source.checkedAt?.toISOString() ?? null,
    nextCheckAt: stopped ? null : source.nextCheckAt.toISOString(),
    error: source.lastError,
    stopped,
  };
}

export async function listSubscriptions(user: User): Promise<SubscriptionResponse[]> {
  return (await selectSubscriptions(user.id)).map(toSubscriptionResponse);
}

async function findOwnSubscription(user: User, id: string): Promise<SubscriptionWithSource> {
  const subscription = isRecordId(id) ? await selectOwnSubscription(user.id, id) : null;
  if (!subscription) throw notFound(NOT_FOUND_MESSAGE);
  return subscription;
}

/** A feed found at an address: its own address (the key of its row) and what the read gave. */
type Found = { url: string; read: Extract<FeedRead, { kind: "feed" }> };

function feedUrl(candidate: string): string | null {
  const normalized = normalizeUrl(candidate);
  return normalized.ok ? normalized.url : null;
}

/**
 * The source already read for `url`, which a new subscriber shares without a read of its own; not
 * one whose checks stopped (a new subscription reads it again).
 */
const knownSource = selectReadSource;

/**
 * The feed at `url`, or the first of the feeds its page names that reads as one (at most three
 * tried); a source read before is that source. Anything else is 400 not_a_feed, in words.
 */
async function findFeed(url: string): Promise<FeedSource | Found> {
  const read = await readFeed(url);
  if (read.kind === "feed") return { url, read };
  if (read.kind === "not-modified" || !read.page) throw badRequest(notAFeedMessage(read), "not_a_feed");
  const candidates = discoverFeeds(read.page.html, read.page.url)
    .flatMap((candidate) => feedUrl(candidate.url) ?? [])
    .filter((candidate) => candidate !== url)
    .slice(0, MAX_DISCOVERED_TRIES);
  if (candidates.length === 0) {
    throw badRequest(
      "This page names no feed. Paste the feed's own address (it often ends in /feed or .xml).",
      "not_a_feed",
    );
  }
  for (const candidate of candidates) {
    const known = await knownSource(candidate);
    if (known) return known;
    const found = await readFeed(candidate);
    if (found.kind === "feed") return { url: candidate, read: found };
  }
  throw badRequest("The feeds this page names could not be read as feeds.", "not_a_feed");
}

function notAFeedMessage(read: FeedRead): string {
  return read.kind === "failed" ? `No feed at this address: ${read.message}` : "No feed at this address.";
}

/** Stores the source a read found, with its items, healthy and due again when its hints say. */
async function storeSource(found: Found, now: Date): Promise<FeedSource> {
  const { feed, etag, lastModified, maxAgeSeconds } = found.read;
  const decision = nextPoll({ now, ...pollHints(feed), maxAgeSeconds, consecutiveFailures: 0 });
  return upsertFeedSource({
    url: found.url,
    title: feed.title,
    siteUrl: feed.siteUrl,
    etag,
    lastModified,
    nextCheckAt: "next" in decision ? decision.next : now,
    now,
  });
}

function pollHints(feed: ParsedFeed): { ttlMinutes?: number; updatePeriodMinutes?: number } {
  return { ttlMinutes: feed.ttlMinutes, updatePeriodMinutes: feed.updatePeriod };
}

/**
 * Subscribes the user to the feed at `payload.url` (or that its page names): 201 with the
 * subscription, its newest 5 items already owed; 200 with the subscription the user has already.
 */
export async function subscribe(
  user: User,
  payload: SubscribePayload,
  now = new Date(),
): Promise<{ subscription: SubscriptionResponse; created: boolean }> {
  await enforceRateLimits([{ rule: SUBSCRIBE_RATE_LIMIT, subject: user.id }], SUBSCRIBE_RATE_LIMITED_MESSAGE);
  const already = await selectSubscriptionToUrl(user.id, payload.url);
  if (already) return { subscription: toSubscriptionResponse(already), created: false };
  if ((await countSubscriptions(user.id)) >= MAX_SUBSCRIPTIONS_PER_USER) {
    throw forbidden(SUBSCRIPTION_LIMIT_MESSAGE, "plan_limit");
  }
  // Twice at most: the feed may be deleted by its last subscriber leaving between the two steps.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const known = await knownSource(payload.url);
    const found = known ?? (await findFeed(payload.url));
    const source = "read" in found ? await storeSource(found, now) : found;
    const created = await insertSubscription(user.id, source.id, payload.category ?? null, payload.into);
    if (!created) {
      const existing = await selectSubscriptionToSource(user.id, source.id);
      if (existing) return { subscription: toSubscriptionResponse(existing), created: false };
      continue;
    }
    if ("read" in found) await deliverFeed(source.id, found.read.feed.items, now);
    else {
      await primeSubscription(created, await newestStoredItemIds(source.id), now);
      await stashOwedDeliveries([created.id], now);
    }
    return { subscription: toSubscriptionResponse(await findOwnSubscription(user, created.id)), created: true };
  }
  throw badRequest("The feed changed while subscribing. Please try again.", "not_a_feed");
}

export async function updateSubscription(
  user: User,
  id: string,
  change: SubscriptionChange,
): Promise<SubscriptionResponse> {
  const subscription = await findOwnSubscription(user, id);
  return toSubscriptionResponse(
    await updateSubscriptionById(subscription.id, { category: change.category, into: change.into }),
  );
}

/** Ends the subscription (its links stay); the feed goes too when no one else follows it. */
export async function unsubscribe(user: User, id: string): Promise<void> {
  const subscription = await findOwnSubscription(user, id);
  await inTransaction(async (tx) => {
    await deleteOwnSubscription(tx, user.id, subscription.id);
    await deleteSourceIfUnsubscribed(tx, subscription.sourceId);
  });
}

/** Reads the feed now (a stopped one starts again) and answers the subscription after the read. */
export async function refreshSubscription(user: User, id: string, now = new Date()): Promise<SubscriptionResponse> {
  const subscription = await findOwnSubscription(user, id);
  await enforceRateLimits([{ rule: REFRESH_RATE_LIMIT, subject: user.id }], REFRESH_RATE_LIMITED_MESSAGE);
  await restartFeedSource(subscription.sourceId, now);
  await checkSourceNow(subscription.sourceId, now);
  return toSubscriptionResponse(await findOwnSubscription(user, id));
}
