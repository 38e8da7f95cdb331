import "server-only";
import { isStripeRequestError, stripeClient } from "@/lib/billing/stripe";
import { serviceUnavailable } from "@/lib/http/errors";
import type { User } from "@/lib/generated/prisma/client";

/** Statuses after which Stripe will never charge the subscription again. */
const ENDED_STATUSES = ["canceled", "incomplete_expired"];

export const CANCEL_FAILED =
  "We could not cancel your Pro subscription, so your account has not been deleted. Please try again in a moment.";

/**
 * Cancels the user's subscription at once, before their account is deleted: a deleted account must
 * never be charged again, so when Stripe cannot be reached the deletion waits (503) rather than
 * going ahead. A subscription Stripe no longer knows or has already canceled needs nothing.
 */
export async function cancelSubscriptionForDeletion(user: User): Promise<void> {
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId || ENDED_STATUSES.includes(user.stripeSubscriptionStatus ?? "")) return;
  try {
    // Without a Stripe key (billing switched off since) nothing can cancel it here: refused as well.
    const stripe = stripeClient();
    await stripe.subscriptions.cancel(subscriptionId);
  } catch (error) {
    if (isStripeRequestError(error)) return;
    throw serviceUnavailable(CANCEL_FAILED);
  }
}
