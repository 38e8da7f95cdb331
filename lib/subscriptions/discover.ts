import { Parser } from "htmlparser2";
import { resolveHttpUrl } from "@/lib/subscriptions/resolve-url";

// The feeds a page announces (the RSS autodiscovery convention): each
// <link rel="alternate" type="…"> of a feed type, resolved against the page's address, or its
// <base href> when it has one, in the order of the document, each once. Read by an HTML tokenizer,
// as a browser would; only the head matters, so reading stops at <body>.

const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/atom+xml",
  "application/feed+json",
  "application/json",
]);

export type DiscoveredFeed = { url: string; title: string | null; type: string };

export function discoverFeeds(html: string, pageUrl: string): DiscoveredFeed[] {
  let base = pageUrl;
  let baseSeen = false;
  const links: { href: string; title: string | null; type: string }[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === "body") parser.pause();
      if (name === "base" && !baseSeen && attrs.href !== undefined) {
        // Only the first <base href> counts (HTML's "frozen base URL").
        baseSeen = true;
        base = resolveHttpUrl(attrs.href, pageUrl) ?? pageUrl;
      }
      if (name !== "link" || attrs.href === undefined) return;
      const rels = (attrs.rel ?? "").toLowerCase().split(/\s+/);
      const type = (attrs.type ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (rels.includes("alternate") && FEED_TYPES.has(type)) {
        links.push({ href: attrs.href, title: attrs.title?.trim() || null, type });
      }
    },
  });
  parser.end(html);
  const seen = new Set<string>();
  const feeds: DiscoveredFeed[] = [];
  for (const link of links) {
    // A <base> after a link still applies to it: the document's base is the first <base href>.
    const url = resolveHttpUrl(link.href, base);
    if (url && !seen.has(url)) {
      seen.add(url);
      feeds.push({ url, title: link.title, type: link.type });
    }
  }
  return feeds;
}
