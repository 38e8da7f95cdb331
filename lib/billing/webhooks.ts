import "server-only";
import type Stripe from "stripe";
import { BILLING_NOT_SET_UP, idOf, stripeClient } from "@/lib/billing/stripe";
import {
  lockUser,
  retrieveSubscription,
  storeSubscription,
  SYNC_TRANSACTION,
  type UserRef,
} from "@/lib/billing/subscription-sync";
import { recordStripeEvent } from "@/lib/billing/queries";
import { inTransaction } from "@/lib/db/transaction";
import { env } from "@/lib/env";
import { badRequest, serviceUnavailable } from "@/lib/http/errors";

// POST /api/stripe/webhook (decision 0021): Stripe's events are the source of truth. The raw
// body is verified against STRIPE_WEBHOOK_SECRET; each event id takes effect once; every handled
// event only says which subscription to re-read, so its own (possibly stale) snapshot never decides.

export type EventOutcome = "applied" | "duplicate" | "ignored";

/** Which subscription an event concerns and whose it is, from the event alone; null for events not acted on. */
export function subscriptionTarget(event: Stripe.Event): UserRef | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      return {
        userId: session.client_reference_id ?? session.metadata?.userId,
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      // Invoices name their subscription under parent.subscription_details since API version 2025-03-31.
      const details = invoice.parent?.subscription_details;
      return {
        userId: details?.metadata?.userId,
        subscriptionId: idOf(details?.subscription),
        customerId: idOf(invoice.customer),
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      return {
        userId: subscription.metadata?.userId,
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer),
      };
    }
    default:
      return null;
  }
}

/**
 * Applies one verified event. The event id is recorded in the same transaction as its effect: a
 * crash before the commit leaves neither (Stripe's retry then applies it), and a second delivery,
 * even a simultaneous one, waits on the first one's row and finds it there.
 */
export async function processStripeEvent(event: Stripe.Event, now = new Date()): Promise<EventOutcome> {
  const target = subscriptionTarget(event);
  if (!target) return "ignored";
  return inTransaction(async (tx) => {
    if (!(await recordStripeEvent(event.id, event.type, tx))) return "duplicate";
    const user = await lockUser(tx, target);
    // An invoice without a subscription reference (older API versions) means the user's own subscription.
    const subscriptionId = target.subscriptionId ?? user?.stripeSubscriptionId;
    // No such user (an account deleted since) or nothing to read: the event is done with.
    if (!user || !subscriptionId) return "ignored";
    const subscription = await retrieveSubscription(subscriptionId);
    if (!subscription) return "ignored";
    return (await storeSubscription(tx, user, subscription, now)) ? "applied" : "ignored";
  }, SYNC_TRANSACTION);
}

/** Verifies the signature over the raw body; 400 'Invalid signature' when it does not match. */
export function verifyStripeEvent(payload: string, signature: string | null): Stripe.Event {
  const secret = env.stripe.webhookSecret;
  if (!secret) throw serviceUnavailable(BILLING_NOT_SET_UP);
  const stripe = stripeClient();
  if (!signature) throw badRequest("Invalid signature", "invalid_signature");
  try {
    return stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    throw badRequest("Invalid signature", "invalid_signature");
  }
}

/**
 * The whole endpoint. Not behind the API wrapper: Stripe posts from its own servers, with no session
 * and no Origin. A refusal is an HttpError; any other failure becomes a 500 (the route's
 * withRouteErrors logs it), which makes Stripe retry later.
 */
export async function handleStripeWebhook(req: Request): Promise<Response> {
  const event = verifyStripeEvent(await req.text(), req.headers.get("stripe-signature"));
  const outcome = await processStripeEvent(event);
  return Response.json({ received: true, outcome });
}
