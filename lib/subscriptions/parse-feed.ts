import { decodeBody } from "@/lib/subscriptions/decode-body";
import { FEED_LIMITS, type FeedLimits, type ParsedFeed } from "@/lib/subscriptions/feed-types";
import { readJsonFeed } from "@/lib/subscriptions/json-feed";
import { resolveHttpUrl } from "@/lib/subscriptions/resolve-url";
import { readXmlFeed } from "@/lib/subscriptions/xml-feed";

// A fetched feed, whatever its format: RSS 0.9x/1.0/2.0 and Atom (XML), JSON Feed 1.x. The body
// is judged by its content first and its Content-Type second, since servers often label feeds
// text/html or text/plain. Anything else ("not a feed") or a body past the size limit is an
// answer, not an exception: a feed that breaks is an everyday event for a poller.

export type FeedFailure = { error: "too-large" | "not-a-feed"; message: string };
export type FeedReading = { feed: ParsedFeed } | FeedFailure;

function notAFeed(message: string): FeedFailure {
  return { error: "not-a-feed", message };
}

function looksLikeJson(text: string, contentType: string | null): boolean {
  return text.trimStart().startsWith("{") || /[/+]json\b/i.test(contentType ?? "");
}

/**
 * Reads `body` (the bytes as fetched, or text already decoded) served with `contentType` from
 * `feedUrl`, the address every relative link is resolved against.
 */
export function parseFeed(
  body: Uint8Array | string,
  contentType: string | null,
  feedUrl: string,
  limits: FeedLimits = FEED_LIMITS,
): FeedReading {
  const size = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  if (size > limits.maxBytes) {
    return { error: "too-large", message: `The feed is over ${Math.round(limits.maxBytes / 1024 / 1024)} MB.` };
  }
  const base = resolveHttpUrl(feedUrl);
  if (!base) return notAFeed("The feed's address is not an http(s) address.");
  const text = typeof body === "string" ? body : decodeBody(body, contentType);
  if (looksLikeJson(text, contentType)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return notAFeed("Not a feed: the JSON cannot be read.");
    }
    const feed = readJsonFeed(value, base, limits.maxItems);
    return feed ? { feed } : notAFeed("Not a feed: JSON without a JSON Feed version.");
  }
  try {
    return { feed: readXmlFeed(text, base, limits.maxItems) };
  } catch {
    return notAFeed("Not a feed: neither RSS, Atom nor JSON Feed.");
  }
}
