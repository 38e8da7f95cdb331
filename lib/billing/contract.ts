import "server-only";
import { defineEndpoint, type Operation } from "@/lib/http/contract";
import { z } from "zod";
import { webhookSchema } from "@/lib/billing/schemas";
import { successSchema } from "@/lib/api-docs/responses";
import { checkoutAnswer, portalAnswer, subscriptionAnswer, verifySessionQuerySchema } from "@/lib/billing/schemas";

// The caller's plan and Stripe's checkout and portal. None takes a payload: the server decides the
// price (STRIPE_PRICE_ID) and the user comes from the session.

export const subscriptionEndpoint = defineEndpoint({
  method: "get",
  path: "/api/subscription",
  tag: "billing",
  summary: "The caller's plan",
  access: "session",
  success: { status: 200, description: "The plan and its dates.", schema: subscriptionAnswer },
});

export const createCheckoutEndpoint = defineEndpoint({
  method: "post",
  path: "/api/subscriptions/create-checkout-session",
  tag: "billing",
  summary: "Start a Stripe checkout for Pro",
  access: "session",
  success: { status: 200, description: "The checkout page.", schema: checkoutAnswer },
  errors: { 409: ["conflict"], 503: ["unavailable"] },
});

export const verifyCheckoutEndpoint = defineEndpoint({
  method: "get",
  path: "/api/subscriptions/verify-session",
  tag: "billing",
  summary: "Confirm a paid checkout",
  description: "Stripe's return address carries the session id; the subscription is applied at once.",
  access: "session",
  query: verifySessionQuerySchema,
  success: { status: 200, description: "Pro is on.", schema: successSchema },
  errors: { 400: ["validation_failed"], 404: ["not_found"], 409: ["conflict"], 503: ["unavailable"] },
});

export const billingPortalEndpoint = defineEndpoint({
  method: "post",
  path: "/api/billing/portal",
  tag: "billing",
  summary: "Open Stripe's billing portal",
  access: "session",
  success: { status: 200, description: "The portal page.", schema: portalAnswer },
  errors: { 409: ["conflict"], 503: ["unavailable"] },
});

export const BILLING_ENDPOINTS = [
  subscriptionEndpoint,
  createCheckoutEndpoint,
  verifyCheckoutEndpoint,
  billingPortalEndpoint,
];

// Stripe's events, authenticated by its signature over the raw body.
export const STRIPE_OPERATIONS = {
  webhook: {
    method: "post",
    path: "/api/stripe/webhook",
    tag: "internal",
    summary: "Stripe's events",
    description: "Authenticated by the `Stripe-Signature` header over the raw body; an event is applied once.",
    access: "signature",
    wrapped: false,
    body: { schema: z.looseObject({}).meta({ description: "A Stripe event." }), required: true },
    answers: { 200: { description: "Received.", schema: webhookSchema } },
    errors: { 400: ["invalid_signature"], 503: ["unavailable"] },
  },
} satisfies Record<string, Operation>;
