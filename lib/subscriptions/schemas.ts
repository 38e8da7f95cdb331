import "@/lib/zod/setup";
import { z } from "zod";
import { categoryNameField } from "@/lib/categories/schemas";
import { urlField } from "@/lib/links/schemas";
import { SUBSCRIPTION_INTO } from "@/lib/subscriptions/subscription-words";
import { nullableTimestamp, timestamp } from "@/lib/zod/fields";

// Feed subscriptions as the API takes and answers them, shared by Settings' Subscriptions card and
// /api/feeds.

export const INTO_MESSAGE = 'into must be "stash" or "digest"';
export const SUBSCRIPTION_UPDATE_REQUIRED_MESSAGE = "Send category or into to change a subscription.";

const intoField = z
  .enum(SUBSCRIPTION_INTO, { error: INTO_MESSAGE })
  .meta({ description: "`stash`: each new item becomes a link. `digest`: listed in the next digest only." });

const categoryField = categoryNameField
  .nullable()
  .meta({ description: "The category the feed's links are filed in; null for Uncategorized." });

export const subscribeSchema = z.object({
  url: urlField.meta({ description: "A feed's address, or a page's that links to its feed." }),
  category: categoryField.optional(),
  into: intoField.default("stash"),
});

export const subscriptionUpdateSchema = z
  .object({ category: categoryField.optional(), into: intoField.optional() })
  .refine((change) => change.category !== undefined || change.into !== undefined, {
    error: SUBSCRIPTION_UPDATE_REQUIRED_MESSAGE,
  });

export type SubscribeInput = z.input<typeof subscribeSchema>;
export type SubscribePayload = z.output<typeof subscribeSchema>;
export type SubscriptionChange = z.output<typeof subscriptionUpdateSchema>;

export const subscriptionAnswer = z
  .object({
    id: z.string(),
    title: z.string().meta({ description: "The feed's own title (its address while it has none)." }),
    url: z.string().meta({ description: "The feed's address." }),
    siteUrl: z.string().nullable().meta({ description: "The site the feed belongs to." }),
    category: z.string().nullable(),
    into: intoField,
    createdAt: timestamp,
    checkedAt: nullableTimestamp.meta({ description: "The last check, whatever its outcome." }),
    nextCheckAt: nullableTimestamp.meta({ description: "The next check; null while checks are stopped." }),
    error: z.string().nullable().meta({ description: "Why the last check failed; null after a success." }),
    stopped: z
      .boolean()
      .meta({ description: "Failing for a week: no longer checked until refreshed (POST …/refresh)." }),
  })
  .meta({ id: "Subscription" });

export type SubscriptionResponse = z.output<typeof subscriptionAnswer>;
