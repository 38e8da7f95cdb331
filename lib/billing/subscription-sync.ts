import "server-only";
import type Stripe from "stripe";
import { currentPeriodEnd, idOf, isMissingStripeObject, stripeClient } from "@/lib/billing/stripe";
import { rescheduleAfterPlanChange } from "@/lib/digests/plan-schedule";
import { lockUsers } from "@/lib/db/lock-users";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { subscriptionProEnd } from "@/lib/billing/plans";
import { subscriptionOwnerId, userRow, writeSubscription } from "@/lib/billing/queries";

// Stores a Stripe subscription on its user. Whatever triggered it (the payment return, any webhook),
// the subscription is read afresh from Stripe while the user's row is locked, so concurrent or
// out-of-order events cannot write an older state over a newer one: an old "updated" arriving after
// "deleted" re-reads a canceled subscription.

type Tx = Prisma.TransactionClient;

/** A Stripe call inside a transaction holds a row lock for one round trip; bounded well above the SDK's timeout. */
export const SYNC_TRANSACTION = { maxWait: 10_000, timeout: 60_000 } as const;

/** Who a Stripe object belongs to, from what the object itself says; the first match wins. */
export type UserRef = { userId?: string | null; subscriptionId?: string | null; customerId?: string | null };

/** Finds the user and locks their row until the transaction ends; null when no user matches. */
export async function lockUser(tx: Tx, ref: UserRef): Promise<User | null> {
  const candidates = [
    ref.userId ? { id: ref.userId } : null,
    ref.subscriptionId ? { stripeSubscriptionId: ref.subscriptionId } : null,
    ref.customerId ? { stripeCustomerId: ref.customerId } : null,
  ];
  for (const where of candidates) {
    if (!where) continue;
    const id = await subscriptionOwnerId(tx, where);
    if (!id) continue;
    await lockUsers(tx, [id]);
    // Read after the lock: the row as the previous holder left it.
    return userRow(tx, id);
  }
  return null;
}

/** Retrieves the subscription; null when Stripe has no such subscription (any other failure throws). */
export async function retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripeClient().subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (isMissingStripeObject(error)) return null;
    throw error;
  }
}

/**
 * Writes the subscription's customer, id, status and period end onto the locked user. Another
 * subscription of the same user that still grants Pro keeps its place (two checkouts paid in two
 * tabs must not let the second one's later cancellation end the first). Returns whether it was stored.
 */
export async function storeSubscription(
  tx: Tx,
  user: User,
  subscription: Stripe.Subscription,
  now: Date,
): Promise<boolean> {
  if (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id) {
    const storedEnd = subscriptionProEnd(user);
    if (storedEnd && storedEnd.getTime() > now.getTime()) return false;
  }
  const updated = await writeSubscription(tx, user.id, {
    stripeCustomerId: idOf(subscription.customer),
    stripeSubscriptionId: subscription.id,
    stripeSubscriptionStatus: subscription.status,
    stripeCurrentPeriodEnd: currentPeriodEnd(subscription),
  });
  await rescheduleAfterPlanChange(tx, user, updated, now);
  return true;
}
