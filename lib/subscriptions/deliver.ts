import "server-only";
import { wakePageWork } from "@/lib/articles/service";
import { entitlements } from "@/lib/billing/plans";
import { BUILT_IN_CATEGORIES, DEFAULT_CATEGORY, findExistingCategory } from "@/lib/categories/rules";
import { inTransaction } from "@/lib/db/transaction";
import { env } from "@/lib/env";
import type { Subscription, SubscriptionInto } from "@/lib/generated/prisma/client";
import { insertLinkOnceIn } from "@/lib/links/queries";
import {
  insertDeliveries,
  lockOwedStashDelivery,
  markPrimed,
  markStashed,
  owedStashDeliveries,
  selectLinkAt,
  selectPlanUsers,
} from "@/lib/subscriptions/queries";
import { localDateKey } from "@/lib/time/local-day";

// Items owed to subscriptions (decision 0416): each item once per subscription (the delivery's key),
// into the stash as a link, or listed for the digest. A free account past its trial, whose saves
// are limited to one a day, is owed its stash items in the digest instead: nothing is lost, and one
// click there saves an item.

/** How many items a subscription is given when it starts: the feed's newest. */
export const PRIMING_ITEMS = 5;

/** The most new items one check brings one subscription (a feed that renamed every guid at once). */
export const MAX_NEW_ITEMS_PER_CHECK = 25;

type Owing = Pick<Subscription, "id" | "userId" | "into">;

/** Where each subscriber's items go now: the subscription's choice, unless the plan limits saves. */
async function destinations(subscriptions: readonly Owing[], now: Date): Promise<Map<string, SubscriptionInto>> {
  const users = await selectPlanUsers([...new Set(subscriptions.map((s) => s.userId))]);
  const limited = new Set(
    users.filter((user) => entitlements(user, now, env.billingEnabled).dailyLinkLimit !== null).map((u) => u.id),
  );
  return new Map(subscriptions.map((s) => [s.id, limited.has(s.userId) ? "digest" : s.into]));
}

/** Owes `itemIds` (newest first; at most MAX_NEW_ITEMS_PER_CHECK are taken) to each primed subscription. */
export async function oweNewItems(
  subscriptions: readonly Owing[],
  itemIds: readonly string[],
  now: Date,
): Promise<void> {
  if (subscriptions.length === 0 || itemIds.length === 0) return;
  const into = await destinations(subscriptions, now);
  const taken = itemIds.slice(0, MAX_NEW_ITEMS_PER_CHECK);
  await insertDeliveries(
    subscriptions.flatMap((s) =>
      taken.map((itemId) => ({ subscriptionId: s.id, itemId, userId: s.userId, into: into.get(s.id) ?? s.into })),
    ),
  );
}

/**
 * Starts a subscription: the feed's newest items (`newestItemIds`, newest first) owed to it, once:
 * only the caller that sets primedAt owes them, so a subscription and a check priming it at once
 * give it one set.
 */
export async function primeSubscription(
  subscription: Owing,
  newestItemIds: readonly string[],
  now: Date,
): Promise<void> {
  const into = (await destinations([subscription], now)).get(subscription.id) ?? subscription.into;
  await inTransaction(async (tx) => {
    if (!(await markPrimed(tx, subscription.id, now))) return;
    await insertDeliveries(
      newestItemIds.slice(0, PRIMING_ITEMS).map((itemId) => ({
        subscriptionId: subscription.id,
        itemId,
        userId: subscription.userId,
        into,
      })),
      tx,
    );
  });
}

/** The category a subscription's links are filed in: built-in names in their own spelling. */
function linkCategory(category: string | null): string {
  if (!category) return DEFAULT_CATEGORY;
  return findExistingCategory(category, BUILT_IN_CATEGORIES, []) ?? category;
}

/**
 * Turns the deliveries owed into the stash of these subscriptions into links, each exactly once
 * across processes: a delivery is locked (skipped when another runner holds it) and marked stashed
 * in the transaction that makes its link. An address the user has already is that link, not a
 * second. Each new link owes its page's fetch like a save; the page-work runner is woken.
 */
export async function stashOwedDeliveries(subscriptionIds: readonly string[], now: Date): Promise<void> {
  if (subscriptionIds.length === 0) return;
  let made = false;
  for (const { subscriptionId, itemId } of await owedStashDeliveries(subscriptionIds)) {
    if (await stashDelivery(subscriptionId, itemId, now)) made = true;
  }
  if (made) wakePageWork();
}

/** One owed delivery into the stash; true when it made a new link. */
function stashDelivery(subscriptionId: string, itemId: string, now: Date): Promise<boolean> {
  return inTransaction(async (tx) => {
    const delivery = await lockOwedStashDelivery(tx, subscriptionId, itemId);
    if (!delivery) return false;
    const findLink = () => selectLinkAt(tx, delivery.userId, delivery.url);
    const existing = await findLink();
    const category = linkCategory(delivery.category);
    const saved = existing
      ? null
      : await insertLinkOnceIn(
          tx,
          {
            userId: delivery.userId,
            url: delivery.url,
            title: delivery.title,
            notes: null,
            category,
            categories: [category],
            savedOn: localDateKey(delivery.timezone, now),
          },
          true,
        );
    // Saved the same day by another request meanwhile: that link.
    const found = existing ?? (saved ? null : await findLink());
    // A link another feed brought keeps its own delivery; this one is stashed all the same.
    const linkId = saved?.id ?? (found && !found.delivered ? found.id : null);
    await markStashed(tx, { subscriptionId, itemId }, linkId, now);
    return saved !== null;
  });
}
