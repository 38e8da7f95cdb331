import "server-only";
import { defineEndpoint, idParam, locationHeader } from "@/lib/http/contract";
import { successSchema } from "@/lib/api-docs/responses";
import { emailActionSchema } from "@/lib/digests/schemas";
import { savedLinkAnswer } from "@/lib/links/schemas";
import { feedItemListAnswer } from "@/lib/subscriptions/feed-item-schemas";

// The items of feeds that go to the digest (decision 0418): the dashboard's list, its Save to stash,
// and the digest's one-click "Save to stash".

export const listFeedItemsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/feed-items",
  tag: "feeds",
  summary: "List the items of feeds that go to the digest",
  description:
    "Items not saved to the stash: those waiting for the next digest and those a digest carried in the last 7 days, newest first, 50 at most.",
  access: { token: "feeds:read" },
  success: { status: 200, description: "The items.", schema: feedItemListAnswer },
});

export const saveFeedItemEndpoint = defineEndpoint({
  method: "post",
  path: "/api/feed-items/{id}/save",
  tag: "feeds",
  summary: "Save a feed's item to the stash",
  description:
    "Saves the item as a link, titled as the feed has it and filed in its subscription's category (Uncategorized when it has none), under the same rules as any save. Saving it again answers the same link (200, `alreadySaved: true`).",
  access: { token: "feeds:write" },
  params: idParam("feed item"),
  success: { status: 201, description: "Saved.", schema: savedLinkAnswer },
  answers: { 200: { description: "Saved before: that link.", schema: savedLinkAnswer } },
  errors: { 402: ["plan_limit"], 404: ["not_found"], 429: ["rate_limited"] },
});

export const saveFeedItemFromDigestEndpoint = defineEndpoint({
  method: "post",
  path: "/api/save-feed-item",
  tag: "digests",
  summary: "Save a feed's item to the stash from a digest",
  description:
    "The signed token of the digest's item is the credential; no session or cookie is needed, and repeating it saves nothing more. The page posts it as a plain HTML form (`application/x-www-form-urlencoded`, field `token`), answered with a 303 back to the page (with `problem` when the save was refused).",
  access: "public",
  body: { schema: emailActionSchema, required: true, form: true },
  success: { status: 200, description: "Saved (or saved before).", schema: successSchema },
  answers: {
    303: { description: "The page's form: back to the page, which shows the outcome.", headers: locationHeader },
  },
  errors: { 400: ["invalid_signature"], 402: ["plan_limit"], 404: ["not_found"], 429: ["rate_limited"] },
});

export const FEED_ITEM_ENDPOINTS = [listFeedItemsEndpoint, saveFeedItemEndpoint, saveFeedItemFromDigestEndpoint];
