import { escapeXml } from "@/lib/text/escape-xml";

// An Atom 1.0 document (RFC 4287) of links, as a feed reader reads it, and the OPDS catalog's
// feeds, which are Atom with links of their own. Pure.

/** A link element beyond the ones every feed and entry has (OPDS's navigation and acquisition links). */
export type AtomLink = { rel: string; href: string; type?: string; title?: string };

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
  links?: AtomLink[];
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
  links?: AtomLink[];
};

const iso = (at: Date) => at.toISOString();

function linkXml(link: AtomLink, indent: string): string {
  const type = link.type ? ` type="${escapeXml(link.type)}"` : "";
  const title = link.title ? ` title="${escapeXml(link.title)}"` : "";
  return `${indent}<link rel="${escapeXml(link.rel)}" href="${escapeXml(link.href)}"${type}${title}/>`;
}

function entryXml(entry: AtomEntry): string {
  return [
    "  <entry>",
    `    <id>${escapeXml(entry.id)}</id>`,
    `    <title type="text">${escapeXml(entry.title)}</title>`,
    `    <link rel="alternate" href="${escapeXml(entry.link)}"/>`,
    ...(entry.links ?? []).map((link) => linkXml(link, "    ")),
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
    ...(feed.links ?? []).map((link) => linkXml(link, "  ")),
    ...feed.entries.map(entryXml),
    `</feed>`,
    "",
  ].join("\n");
}
