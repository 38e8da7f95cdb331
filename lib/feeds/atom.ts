import { escapeXml } from "@/lib/text/escape-xml";

// An Atom 1.0 document (RFC 4287) of links, as a feed reader reads it. Pure.

export type AtomEntry = {
  id: string;
  title: string;
  link: string;
  published: Date;
  updated: Date;
  /** The owner's notes: the entry's summary, as text. */
  summary: string | null;
  /** The article, as HTML (already sanitised): the entry's content. */
  contentHtml: string | null;
  categories: string[];
};

export type AtomFeed = {
  id: string;
  title: string;
  /** The feed's own address. */
  self: string;
  /** The page of the app that shows the same list. */
  alternate: string;
  /** When nothing in it changed since: the newest entry's update, or the feed's own start. */
  updated: Date;
  entries: AtomEntry[];
};

const iso = (at: Date) => at.toISOString();

function entryXml(entry: AtomEntry): string {
  return [
    "  <entry>",
    `    <id>${escapeXml(entry.id)}</id>`,
    `    <title type="text">${escapeXml(entry.title)}</title>`,
    `    <link rel="alternate" href="${escapeXml(entry.link)}"/>`,
    `    <published>${iso(entry.published)}</published>`,
    `    <updated>${iso(entry.updated)}</updated>`,
    ...entry.categories.map((name) => `    <category term="${escapeXml(name)}"/>`),
    ...(entry.summary ? [`    <summary type="text">${escapeXml(entry.summary)}</summary>`] : []),
    ...(entry.contentHtml ? [`    <content type="html">${escapeXml(entry.contentHtml)}</content>`] : []),
    "  </entry>",
  ].join("\n");
}

export function atomFeed(feed: AtomFeed): string {
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <id>${escapeXml(feed.id)}</id>`,
    `  <title type="text">${escapeXml(feed.title)}</title>`,
    `  <updated>${iso(feed.updated)}</updated>`,
    `  <author><name>LinkStash</name></author>`,
    `  <generator>LinkStash</generator>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.alternate)}"/>`,
    ...feed.entries.map(entryXml),
    `</feed>`,
    "",
  ].join("\n");
}
