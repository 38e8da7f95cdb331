import "server-only";
import type Stripe from "stripe";
import { BILLING_NOT_SET_UP, idOf, isMissingStripeObject, stripeClient, withStripe } from "@/lib/billing/stripe";
import { lockUser, retrieveSubscription, storeSubscription, SYNC_TRANSACTION } from "@/lib/billing/subscription-sync";
import { inTransaction } from "@/lib/db/transaction";
import { env } from "@/lib/env";
import { conflict, notFound, serviceUnavailable } from "@/lib/http/errors";
import type { User } from "@/lib/generated/prisma/client";
import { subscriptionProEnd } from "@/lib/billing/plans";

// Checkout (decision 0022): a Stripe-hosted Checkout Session in subscription mode for the
// price configured on the server (STRIPE_PRICE_ID). The client only asks for "Pro"; it never names
// a price, an amount or a user.

export const SESSION_NOT_FOUND = "Checkout session not found.";

function hasRunningSubscription(user: User, now: Date): boolean {
  const end = subscriptionProEnd(user);
  return end !== null && end.getTime() > now.getTime();
}

/** Starts a checkout; answers the hosted page's URL (null if Stripe gave none: the page shows a payment error). */
export async function createCheckoutSession(user: User, now = new Date()): Promise<{ url: string | null }> {
  const stripe = stripeClient();
  const price = env.stripe.priceId;
  if (!price) throw serviceUnavailable(BILLING_NOT_SET_UP);
  if (hasRunningSubscription(user, now)) {
    throw conflict("You already have a Pro subscription. Manage it from Settings.");
  }
  const base: Stripe.Checkout.SessionCreateParams = {
    mode: "subscription",
    line_items: [{ price, quantity: 1 }],
    client_reference_id: user.id,
    // The user id travels on the subscription too, so every later event about it finds its user.
    metadata: { userId: user.id },
    subscription_data: { metadata: { userId: user.id } },
    success_url: `${env.appUrl}/pricing?success=true&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${env.appUrl}/pricing?canceled=true`,
  };
  const session = await withStripe(async () => {
    if (!user.stripeCustomerId) return stripe.checkout.sessions.create({ ...base, customer_email: user.email });
    try {
      return await stripe.checkout.sessions.create({ ...base, customer: user.stripeCustomerId });
    } catch (error) {
      // A customer removed in Stripe's dashboard: start afresh from the address.
      if (!isMissingStripeObject(error)) throw error;
      return stripe.checkout.sessions.create({ ...base, customer_email: user.email });
    }
  });
  return { url: session.url };
}

function isPaid(session: Stripe.Checkout.Session): boolean {
  return (
    session.status === "complete" &&
    (session.payment_status === "paid" || session.payment_status === "no_payment_required")
  );
}

/**
 * The payment return (`/pricing?success=true&session_id=…`): confirms the session is the caller's and
 * paid, then stores its subscription at once, without waiting for the webhook (which stores the same).
 */
export async function verifyCheckoutSession(
  user: User,
  sessionId: string,
  now = new Date(),
): Promise<{ success: true }> {
  const stripe = stripeClient();
  const session = await withStripe(async () => {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissingStripeObject(error)) throw notFound(SESSION_NOT_FOUND);
      throw error;
    }
  });
  // Another user's session is answered exactly like a missing one.
  if (session.client_reference_id !== user.id) throw notFound(SESSION_NOT_FOUND);
  if (session.status === "expired")
    throw conflict("This checkout session has expired. Please start the upgrade again.");
  const subscriptionId = idOf(session.subscription);
  if (session.mode !== "subscription" || !isPaid(session) || !subscriptionId) {
    throw conflict("The payment for this checkout session has not been completed.");
  }
  await inTransaction(async (tx) => {
    const locked = await lockUser(tx, { userId: user.id });
    if (!locked) throw notFound(SESSION_NOT_FOUND);
    const subscription = await withStripe(() => retrieveSubscription(subscriptionId));
    if (!subscription) throw conflict("The subscription of this checkout session no longer exists.");
    await storeSubscription(tx, locked, subscription, now);
  }, SYNC_TRANSACTION);
  return { success: true };
}
