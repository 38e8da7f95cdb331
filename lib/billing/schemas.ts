import "@/lib/zod/setup";
import { z } from "zod";
import { nullableTimestamp } from "@/lib/zod/fields";

// Billing as the API takes and answers it.

/** GET /api/subscriptions/verify-session?session_id=cs_… (the id Stripe put into success_url). */
export const verifySessionQuerySchema = z.object({
  session_id: z
    .string({ error: "session_id is required." })
    .regex(/^cs_[A-Za-z0-9_]{1,200}$/, "session_id is not a Checkout Session id."),
});

/** GET /api/subscription; subscriptionEndsAt is when Pro ends, from either source. */
export const subscriptionAnswer = z.object({
  accountType: z.enum(["free", "pro"]),
  referralMonthsEarned: z.number().int(),
  inTrial: z.boolean(),
  trialEndsAt: nullableTimestamp,
  subscriptionEndsAt: nullableTimestamp,
});

export const checkoutAnswer = z.object({ url: z.string().nullable() });

export const portalAnswer = z.object({ url: z.string().meta({ description: "Where to send the browser." }) });

// What Stripe's webhook answers.
export const webhookSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["applied", "duplicate", "ignored"]),
});
