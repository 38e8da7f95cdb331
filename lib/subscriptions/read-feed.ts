import "server-only";
import { env } from "@/lib/env";
import { decodeBody } from "@/lib/subscriptions/decode-body";
import { withFeedSlot } from "@/lib/subscriptions/feed-slots";
import { FEED_LIMITS, type FeedItem, type ParsedFeed } from "@/lib/subscriptions/feed-types";
import { parseFeed } from "@/lib/subscriptions/parse-feed";
import { maxAgeOf } from "@/lib/subscriptions/poll-interval";
import { type FeedValidators, fetchFeed } from "@/lib/unfurl/fetch-page";

// One read of a feed's address, for a check or a subscription: fetched (conditionally when there
// are validators) and parsed, or why it failed, in words a subscriber can read.

/** What a read found. */
export type FeedRead =
  | { kind: "not-modified" }
  | {
      kind: "feed";
      feed: ParsedFeed;
      etag: string | null;
      lastModified: string | null;
      maxAgeSeconds: number | null;
    }
  /** `page`: the body, when it was a web page and not a feed (where a subscription looks for one). */
  | { kind: "failed"; message: string; retryAfter: string | null; page?: { html: string; url: string } };

const STATUS_WORDS: Record<number, string> = {
  401: "asks for a password",
  403: "refused access",
  404: "was not found",
  410: "is gone",
  429: "asked to be read less often",
  500: "had an error",
  502: "had an error",
  503: "is unavailable for now",
  504: "did not answer in time",
};

function httpErrorMessage(status: number): string {
  const words = STATUS_WORDS[status] ?? (status >= 500 ? "had an error" : "refused the request");
  return `The feed ${words} (HTTP ${status}).`;
}

function looksLikeHtml(contentType: string, bytes: Buffer): boolean {
  if (/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return true;
  return /^\s*(<!doctype html|<html)/i.test(bytes.subarray(0, 512).toString("latin1"));
}

/** Reads the feed at `url` once a feed slot is free: the bytes and their parse are held within it. */
export function readFeed(url: string, validators: FeedValidators = {}): Promise<FeedRead> {
  return withFeedSlot(() => readFeedNow(url, validators));
}

async function readFeedNow(url: string, validators: FeedValidators): Promise<FeedRead> {
  const answer = await fetchFeed(url, {
    ...validators,
    allowedHosts: env.unfurlAllowedHosts,
    maxBytes: FEED_LIMITS.maxBytes,
  });
  switch (answer.kind) {
    case "not-modified":
      return { kind: "not-modified" };
    case "failed":
      return { kind: "failed", message: answer.message, retryAfter: null };
    case "http-error":
      return { kind: "failed", message: httpErrorMessage(answer.status), retryAfter: answer.retryAfter };
    case "ok": {
      const reading = parseFeed(answer.bytes, answer.contentType, answer.url);
      if ("feed" in reading) {
        return {
          kind: "feed",
          feed: reading.feed,
          etag: answer.etag,
          lastModified: answer.lastModified,
          maxAgeSeconds: maxAgeOf(answer.cacheControl),
        };
      }
      const page = looksLikeHtml(answer.contentType, answer.bytes)
        ? { html: decodeBody(answer.bytes, answer.contentType), url: answer.url }
        : undefined;
      const message = page ? "The address is a web page, not a feed." : reading.message;
      return { kind: "failed", message, retryAfter: null, page };
    }
  }
}

/**
 * The items newest first: by publication date, undated ones after the dated, in the feed's order
 * where dates tie (feeds list the newest first).
 */
function publishedMs(item: FeedItem): number {
  const ms = item.published?.getTime();
  return ms === undefined || Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

export function newestFirst(items: readonly FeedItem[]): FeedItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const at = publishedMs(a.item);
      const bt = publishedMs(b.item);
      return at === bt ? a.index - b.index : bt > at ? 1 : -1;
    })
    .map(({ item }) => item);
}
