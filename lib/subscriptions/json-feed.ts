import { z } from "zod";
import { collapse, plainText, shorten } from "@/lib/subscriptions/feed-text";
import { SUMMARY_CHARS, type FeedItem, type ParsedFeed } from "@/lib/subscriptions/feed-types";
import { resolveHttpUrl } from "@/lib/subscriptions/resolve-url";

// JSON Feed 1.0 and 1.1 (jsonfeed.org/version/1.1). An item that does not fit the shape is skipped,
// not the feed: one odd item should not hide the others. Version 1.0 allowed a number as an id.

const text = z.string().optional().catch(undefined);

const itemShape = z.object({
  id: z
    .union([z.string(), z.number().transform(String)])
    .optional()
    .catch(undefined),
  url: text,
  external_url: text,
  title: text,
  summary: text,
  content_text: text,
  content_html: text,
  date_published: text,
  date_modified: text,
});

const feedShape = z.object({
  version: z.string().startsWith("https://jsonfeed.org/version/"),
  title: text,
  home_page_url: text,
  items: z.array(z.unknown()).catch([]),
});

function dateOf(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

function summaryOf(item: z.infer<typeof itemShape>): string | null {
  const text = item.summary
    ? collapse(item.summary)
    : item.content_text
      ? collapse(item.content_text)
      : plainText(item.content_html ?? "");
  return text ? shorten(text, SUMMARY_CHARS) : null;
}

function readItem(raw: unknown, feedUrl: string): FeedItem | null {
  const parsed = itemShape.safeParse(raw);
  if (!parsed.success) return null;
  const item = parsed.data;
  // url is the item's own page; external_url the page it is about (a link blog's target).
  const url = resolveHttpUrl(item.url, feedUrl) ?? resolveHttpUrl(item.external_url, feedUrl);
  if (!url) return null;
  const published = dateOf(item.date_published) ?? dateOf(item.date_modified);
  const summary = summaryOf(item);
  return {
    guid: item.id?.trim() || url,
    url,
    title: collapse(item.title ?? "") || null,
    ...(published ? { published } : {}),
    ...(summary ? { summary } : {}),
  };
}

/** Null when the value is not a JSON Feed (no jsonfeed.org version). */
export function readJsonFeed(value: unknown, feedUrl: string, maxItems: number): ParsedFeed | null {
  const parsed = feedShape.safeParse(value);
  if (!parsed.success) return null;
  const feed = parsed.data;
  const siteUrl = resolveHttpUrl(feed.home_page_url, feedUrl);
  const items: FeedItem[] = [];
  for (const raw of feed.items) {
    if (items.length >= maxItems) break;
    const item = readItem(raw, feedUrl);
    if (item) items.push(item);
  }
  return {
    kind: "json",
    title: collapse(feed.title ?? "") || new URL(siteUrl ?? feedUrl).hostname,
    siteUrl,
    items,
  };
}
