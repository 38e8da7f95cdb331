import "server-only";
import { stripeClient, withStripe } from "@/lib/billing/stripe";
import { env } from "@/lib/env";
import { conflict } from "@/lib/http/errors";
import type { User } from "@/lib/generated/prisma/client";

/** A Stripe billing-portal session (card, invoices, cancellation) for a subscriber; back to /settings after. */
export async function createBillingPortalSession(user: User): Promise<{ url: string }> {
  const stripe = stripeClient();
  if (!user.stripeCustomerId || !user.stripeSubscriptionId) {
    throw conflict("You have no subscription to manage. Upgrade to Pro on the pricing page first.");
  }
  const customer = user.stripeCustomerId;
  const session = await withStripe(() =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${env.appUrl}/settings` }),
  );
  return { url: session.url };
}
