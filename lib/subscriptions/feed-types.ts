// What LinkStash keeps of a feed it reads: enough to turn new items into links and to know how
// often the feed asks to be read. Shared by the RSS/Atom and JSON Feed readers.

export type FeedKind = "rss" | "atom" | "json";

export type FeedItem = {
  /** RSS guid, Atom id or JSON Feed id; the item's address when it has none. */
  guid: string;
  /** Absolute: resolved against xml:base and the feed's own address. */
  url: string;
  /** Plain text (entities decoded, markup dropped); null when the item has none. */
  title: string | null;
  published?: Date;
  /** Plain text, shortened. */
  summary?: string;
};

export type ParsedFeed = {
  kind: FeedKind;
  title: string;
  /** The site the feed belongs to (RSS channel link, Atom alternate link, JSON home_page_url). */
  siteUrl: string | null;
  /** RSS <ttl>, in minutes. */
  ttlMinutes?: number;
  /** sy:updatePeriod divided by sy:updateFrequency, in minutes. */
  updatePeriod?: number;
  items: FeedItem[];
};

export type FeedLimits = {
  /** A larger body is refused unread. */
  maxBytes: number;
  /** Items past this many (feeds list the newest first) are dropped. */
  maxItems: number;
};

export const FEED_LIMITS: FeedLimits = { maxBytes: 5 * 1024 * 1024, maxItems: 200 };

/** The longest summary kept, in characters: a preview, not the article. */
export const SUMMARY_CHARS = 1000;
