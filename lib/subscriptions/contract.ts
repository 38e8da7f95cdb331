import "server-only";
import { z } from "zod";
import { successSchema } from "@/lib/api-docs/responses";
import { defineEndpoint, idParam } from "@/lib/http/contract";
import { subscribeSchema, subscriptionAnswer, subscriptionUpdateSchema } from "@/lib/subscriptions/schemas";

// Feed subscriptions: other sites' RSS, Atom and JSON feeds, whose new items come in as links (or in
// the digest). The private feeds LinkStash serves share the /api/feeds prefix: /api/feeds/{id}/{feed}, {id} their secret.

export const listSubscriptionsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/feeds",
  tag: "feeds",
  summary: "List the caller's feed subscriptions",
  description: "Oldest first, each with its last check and any error.",
  access: { token: "feeds:read" },
  success: { status: 200, description: "The subscriptions.", schema: z.array(subscriptionAnswer) },
});

export const subscribeEndpoint = defineEndpoint({
  method: "post",
  path: "/api/feeds",
  tag: "feeds",
  summary: "Subscribe to a feed",
  description:
    "Takes a feed's address (RSS 0.9x/1.0/2.0, Atom 1.0, JSON Feed 1.1) or a page's whose `<link rel=\"alternate\">` names one. The feed's newest 5 items come in at once; after that each new item once. Subscribing again to the same feed answers the subscription (200).",
  access: { token: "feeds:write" },
  body: { schema: subscribeSchema, required: true },
  success: { status: 201, description: "Subscribed.", schema: subscriptionAnswer },
  answers: { 200: { description: "Already subscribed: the subscription, unchanged.", schema: subscriptionAnswer } },
  errors: { 400: ["not_a_feed"], 403: ["plan_limit"], 429: ["rate_limited"] },
});

export const updateSubscriptionEndpoint = defineEndpoint({
  method: "patch",
  path: "/api/feeds/{id}",
  tag: "feeds",
  summary: "Change a subscription's category or where its items go",
  description: "Items already delivered stay where they are.",
  access: { token: "feeds:write" },
  params: idParam("subscription"),
  body: { schema: subscriptionUpdateSchema, required: true },
  success: { status: 200, description: "Changed.", schema: subscriptionAnswer },
  errors: { 404: ["not_found"] },
});

export const unsubscribeEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/feeds/{id}",
  tag: "feeds",
  summary: "Unsubscribe",
  description: "Links the feed brought stay in the stash.",
  access: { token: "feeds:write" },
  params: idParam("subscription"),
  success: { status: 200, description: "Unsubscribed.", schema: successSchema },
  errors: { 404: ["not_found"] },
});

export const refreshSubscriptionEndpoint = defineEndpoint({
  method: "post",
  path: "/api/feeds/{id}/refresh",
  tag: "feeds",
  summary: "Check a feed now",
  description:
    "Reads the feed now (conditionally: an unchanged feed costs its server a 304) and answers the subscription after the check. A feed whose checks stopped after a week of failures is checked again from now on.",
  access: { token: "feeds:write" },
  params: idParam("subscription"),
  success: { status: 200, description: "Checked.", schema: subscriptionAnswer },
  errors: { 404: ["not_found"], 429: ["rate_limited"] },
});

export const SUBSCRIPTION_ENDPOINTS = [
  listSubscriptionsEndpoint,
  subscribeEndpoint,
  updateSubscriptionEndpoint,
  unsubscribeEndpoint,
  refreshSubscriptionEndpoint,
];
