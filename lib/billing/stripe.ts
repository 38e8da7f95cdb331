import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/env";
import { serviceUnavailable } from "@/lib/http/errors";

// The one Stripe client of the process. STRIPE_API_BASE (README, Configuration) points it elsewhere, such as the
// local fake the tests run; otherwise it talks to api.stripe.com.

export const BILLING_NOT_SET_UP = "Payment processing is not set up yet.";
export const STRIPE_UNAVAILABLE = "Payment processing is temporarily unavailable. Please try again in a moment.";

/** Each Stripe call inside a request is bounded: the SDK's default of 80 s would outlast any client. */
const REQUEST_TIMEOUT_MS = 20_000;

type Connection = { host: string; port: number; protocol: "http" | "https" };

function connectionOf(apiBase: string): Connection {
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

let client: Stripe | undefined;

/** The client; 503 'Payment processing is not set up yet.' while STRIPE_SECRET_KEY is unset. */
export function stripeClient(): Stripe {
  const key = env.stripe.secretKey;
  if (!key) throw serviceUnavailable(BILLING_NOT_SET_UP);
  client ??= new Stripe(key, {
    ...(env.stripe.apiBase ? connectionOf(env.stripe.apiBase) : {}),
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: 2,
    appInfo: { name: "LinkStash" },
  });
  return client;
}

/** The id of an expandable Stripe field (an id, or the expanded object), or null. */
export function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === "string" ? field : field.id;
}

/**
 * When the subscription's paid period ends. Since API version 2025-03-31 the period lives on each
 * subscription item (a subscription may mix billing intervals); the latest one is when access ends.
 */
export function currentPeriodEnd(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
}

/** Stripe refused the request itself (a 4xx such as an unknown or already canceled object), not an outage. */
export function isStripeRequestError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

/** Stripe has no such object. */
export function isMissingStripeObject(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === "resource_missing" || error.statusCode === 404)
  );
}

/** Stripe could not be reached or failed on its side: worth a "try again", not a bug of ours. */
export function isStripeUnavailable(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  );
}

/** Stripe being unreachable is a 503 the user can retry; any other failure passes through unchanged. */
export async function withStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStripeUnavailable(error)) throw serviceUnavailable(STRIPE_UNAVAILABLE);
    throw error;
  }
}
