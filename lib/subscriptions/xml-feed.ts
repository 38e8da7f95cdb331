import { parseFeed as parseXml } from "@rowanmanning/feed-parser";
import type { Feed } from "@rowanmanning/feed-parser/lib/feed/base";
import type { FeedItem as XmlItem } from "@rowanmanning/feed-parser/lib/feed/item/base";
import type { Element } from "@rowanmanning/feed-parser/lib/xml/element";
import { collapse, plainText, shorten } from "@/lib/subscriptions/feed-text";
import { SUMMARY_CHARS, type FeedItem, type ParsedFeed } from "@/lib/subscriptions/feed-types";
import { resolveHttpUrl } from "@/lib/subscriptions/resolve-url";
import { syndicationMinutes } from "@/lib/subscriptions/syndication";

// RSS 0.9x/1.0/2.0 and Atom 0.3/1.0, through @rowanmanning/feed-parser (decision 0414): it reads
// the XML leniently and tells the format; what LinkStash needs beyond that is done here, as
// Python's feedparser does it: links resolved against every xml:base up to the feed's own address
// (not against the channel's site link), an RSS guid standing in for a missing link unless it says
// isPermaLink="false", Atom text constructs read by their type.

/** The element's base: each xml:base from the root down, the first resolved against the feed address. */
function baseOf(element: Element | null, feedUrl: string): string {
  if (!element) return feedUrl;
  const parent = baseOf(element.parent, feedUrl);
  return resolveHttpUrl(element.getAttribute("xml:base"), parent) ?? parent;
}

function child(element: Element, ...names: string[]): Element | null {
  for (const name of names) {
    const found = element.findElementWithName(name);
    if (found) return found;
  }
  return null;
}

/** An Atom text construct as plain text: type="html" (Atom 0.3: text/html, mode="escaped") is markup. */
function atomText(element: Element | null): string | null {
  if (!element) return null;
  const type = (element.getAttribute("type") ?? "text").toLowerCase();
  const html = (type.includes("html") && !type.includes("xhtml")) || element.getAttribute("mode") === "escaped";
  const text = html ? plainText(element.textContentNormalized) : collapse(element.textContentNormalized);
  return text || null;
}

function rssLink(element: Element, feedUrl: string): string | null {
  for (const link of element.findElementsWithName("link")) {
    // atom:link inside RSS has an href and no text.
    const url = resolveHttpUrl(link.textContent || link.getAttribute("href"), baseOf(link, feedUrl));
    if (url) return url;
  }
  const guid = element.findElementWithName("guid");
  // The library lower-cases attribute names.
  if (guid && guid.getAttribute("ispermalink")?.toLowerCase() !== "false") {
    return resolveHttpUrl(guid.textContent, baseOf(guid, feedUrl));
  }
  return null;
}

function atomLink(element: Element, feedUrl: string): string | null {
  const links = element.findElementsWithName("link");
  const alternate = links.find((link) => (link.getAttribute("rel") ?? "alternate") === "alternate");
  return alternate ? resolveHttpUrl(alternate.getAttribute("href"), baseOf(alternate, feedUrl)) : null;
}

function itemDate(item: XmlItem): Date | undefined {
  // Atom 0.3 named its dates issued, modified and created; some RSS borrows Atom's names.
  const legacy = child(item.element, "issued", "modified", "created", "published", "updated")?.textContentAsDate;
  return item.published ?? item.updated ?? legacy ?? undefined;
}

function readItem(item: XmlItem, atom: boolean, feedUrl: string): FeedItem | null {
  const { element } = item;
  const url = atom ? atomLink(element, feedUrl) : rssLink(element, feedUrl);
  if (!url) return null;
  // RSS items written with Atom's names (an <id>) are read as feedparser reads them.
  const id = collapse(child(element, ...(atom ? ["id"] : ["guid", "id"]))?.textContent ?? "");
  const title = atom ? atomText(element.findElementWithName("title")) : plainText(item.title ?? "") || null;
  const summary = atom
    ? atomText(child(element, "summary", "content"))
    : plainText(item.description ?? item.content ?? "", SUMMARY_CHARS) || null;
  const published = itemDate(item);
  return {
    guid: id || url,
    url,
    title,
    ...(published ? { published } : {}),
    ...(summary ? { summary: shorten(summary, SUMMARY_CHARS) } : {}),
  };
}

function minutesOf(element: Element | null): number | undefined {
  const value = Number.parseInt(element?.textContent.trim() ?? "", 10);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Throws (the library's own errors) when the text is not XML or not a feed. */
export function readXmlFeed(text: string, feedUrl: string, maxItems: number): ParsedFeed {
  const feed: Feed = parseXml(text);
  const atom = feed.meta.type === "atom";
  const root = feed.element;
  const siteUrl = atom ? atomLink(root, feedUrl) : resolveHttpUrl(feed.url, feedUrl);
  const title = atom ? atomText(root.findElementWithName("title")) : plainText(feed.title ?? "");
  const items: FeedItem[] = [];
  for (const item of feed.items) {
    if (items.length >= maxItems) break;
    const read = readItem(item, atom, feedUrl);
    if (read) items.push(read);
  }
  const ttlMinutes = atom ? undefined : minutesOf(root.findElementWithName("ttl"));
  // The library matches element names lower-cased and without their prefix (sy:updatePeriod).
  const updatePeriod = syndicationMinutes(
    root.findElementWithName("updateperiod")?.textContent ?? null,
    root.findElementWithName("updatefrequency")?.textContent ?? null,
  );
  return {
    kind: atom ? "atom" : "rss",
    title: title || new URL(siteUrl ?? feedUrl).hostname,
    siteUrl,
    ...(ttlMinutes === undefined ? {} : { ttlMinutes }),
    ...(updatePeriod === undefined ? {} : { updatePeriod }),
    items,
  };
}
