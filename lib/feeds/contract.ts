import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/http/contract";
import { feedAddressesAnswer } from "@/lib/feeds/schemas";

// Private Atom feeds: their addresses (the session) and the feeds themselves (the secret in the address).

export const feedAddressesEndpoint = defineEndpoint({
  method: "get",
  path: "/api/user/feeds",
  tag: "account",
  summary: "The private feeds' addresses",
  description: "Atom feeds of the caller's unread links, Favorites and each category. Made on first use.",
  access: "session",
  success: { status: 200, description: "The addresses.", schema: feedAddressesAnswer },
});

export const regenerateFeedAddressesEndpoint = defineEndpoint({
  method: "post",
  path: "/api/user/feeds/regenerate",
  tag: "account",
  summary: "New feed addresses",
  description: "The old addresses answer 404 at once.",
  access: "session",
  success: { status: 200, description: "The new addresses.", schema: feedAddressesAnswer },
});

/** A polled feed's validators, sent back as If-None-Match and If-Modified-Since. */
export const feedValidatorHeaders = z.object({
  ETag: z.string().meta({ description: "A weak entity tag of what the feed shows." }),
  "Last-Modified": z.string().meta({ description: "When anything the feed shows last changed." }),
});

export const privateFeedEndpoint = defineEndpoint({
  method: "get",
  path: "/api/feeds/{id}/{feed}",
  tag: "links",
  summary: "A private Atom feed",
  description:
    "The newest 50 links of the list, newest first: each with its title, address, notes (the summary), categories and, once its article is ready, the article (the content). `{feed}` is `unread`, `favorites` or `categories/<name>`. The secret in the address is the credential. A reader that sends back the `ETag` as `If-None-Match` is answered 304 while nothing it shows changed.",
  access: "public",
  params: z.object({
    // Named `id` as the subscriptions' /api/feeds/{id} is: one name per segment of a path.
    id: z.string().meta({ description: "The feeds' secret (Settings → Feeds)." }),
    feed: z.string().meta({ description: "`unread`, `favorites` or `categories/<name>`." }),
  }),
  success: {
    status: 200,
    description: "An Atom 1.0 feed.",
    content: { "application/atom+xml": z.string().meta({ description: "Atom 1.0 (RFC 4287)." }) },
    headers: feedValidatorHeaders,
  },
  answers: {
    304: {
      description: "The reader's copy is current (`If-None-Match`, or `If-Modified-Since` without it): no body.",
      headers: feedValidatorHeaders,
    },
  },
  errors: { 404: ["not_found"] },
});

export const FEED_ENDPOINTS = [feedAddressesEndpoint, regenerateFeedAddressesEndpoint, privateFeedEndpoint];
