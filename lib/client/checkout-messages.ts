import { serverMessage } from "@/lib/client/fetcher";

// The pricing page's notifications (docs/product.md, "Screens and texts"). Which failure gets which title:
// - "Payment error": payment processing itself could not be set up: the server answers 503 (billing
//   not configured, Stripe unreachable) or answers without a checkout url.
// - "Error" / "Failed to create checkout session": the request to create the session failed in any
//   other way (network failure, a refusal such as 409 "already subscribed", a server error).
// Either uses the server's message when there is one, else the default text.

export type ToastText = { title: string; description: string };

export const PAYMENT_ERROR: ToastText = {
  title: "Payment error",
  description: "There was a problem setting up the payment. Please try again.",
};
export const CHECKOUT_ERROR: ToastText = {
  title: "Error",
  description: "Failed to create checkout session. Please try again.",
};

export const PAYMENT_SUCCESSFUL: ToastText = {
  title: "Payment successful!",
  description: "Your payment has been confirmed.",
};
export const SUBSCRIPTION_SUCCESSFUL: ToastText = {
  title: "Subscription successful!",
  description: "Welcome to Pro: unlimited links, daily digests and custom schedules are yours.",
};
export const VERIFY_ERROR: ToastText = {
  title: "Error",
  description:
    "We could not confirm your subscription yet. If you completed the payment, it will be activated within a few minutes.",
};
export const CHECKOUT_CANCELED: ToastText = {
  title: "Checkout canceled",
  description: "You have not been charged. You can upgrade whenever you like.",
};

/** The toast for a failed create-checkout-session call (an Error "<status>: <body>" from lib/client/fetcher, or a network error). */
export function checkoutFailure(error: unknown): ToastText {
  const status = error instanceof Error ? /^(\d{3}): /.exec(error.message)?.[1] : undefined;
  const base = status === "503" ? PAYMENT_ERROR : CHECKOUT_ERROR;
  return { title: base.title, description: serverMessage(error, base.description) };
}

/** What the payment return in the query asks the page to do. */
export type CheckoutReturn = { kind: "verify"; sessionId: string } | { kind: "received" } | { kind: "canceled" } | null;

export function readCheckoutReturn(params: { get: (name: string) => string | null }): CheckoutReturn {
  if (params.get("success") === "true") {
    const sessionId = params.get("session_id");
    return sessionId ? { kind: "verify", sessionId } : { kind: "received" };
  }
  if (params.get("canceled") === "true") return { kind: "canceled" };
  return null;
}
