import { Parser } from "htmlparser2";
import { escapeXml } from "@/lib/text/escape-xml";
import { collapse } from "@/lib/subscriptions/feed-text";
import { MAX_OPML_FEEDS } from "@/lib/subscriptions/limits";
import { resolveHttpUrl } from "@/lib/subscriptions/resolve-url";

// OPML subscription lists (1.0, 1.1, 2.0), as feed readers export and import them (decision 0414).
// Reading: every <outline> with an xmlUrl is a feed, wherever it sits; an outline without one is a
// folder. A feed's folder is the innermost named folder around it (Inoreader's "Subscriptions" >
// "Programming" > feed is "Programming"), null at the top level. A feed listed twice is kept once,
// in its first place; past the limit the further feeds are only counted (`cut`). Read by a
// tokenizer, so a file with a stray error still gives its feeds.
// Writing: OPML 2.0, the feeds of a category as one folder, the ones without at the top level.

export type OpmlFeed = { url: string; title: string | null; siteUrl: string | null; folder: string | null };
export type OpmlReading = { feeds: OpmlFeed[]; cut: number } | { error: "not-opml"; message: string };
export type OpmlLimits = { maxFeeds: number };
export const OPML_LIMITS: OpmlLimits = { maxFeeds: MAX_OPML_FEEDS };

type Open = { folder: string | null; isFeed: boolean };

export function readOpml(text: string, limits: OpmlLimits = OPML_LIMITS): OpmlReading {
  let sawOpml = false;
  let cut = 0;
  const open: Open[] = [];
  const seen = new Set<string>();
  const feeds: OpmlFeed[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "opml") sawOpml = true;
        if (name !== "outline") return;
        // Readers disagree on the case of xmlUrl (xmlurl, XMLURL): the names are lower-cased.
        const label = collapse(attrs.title ?? attrs.text ?? "") || null;
        const url = resolveHttpUrl(attrs.xmlurl);
        if (attrs.xmlurl === undefined) {
          open.push({ folder: label, isFeed: false });
          return;
        }
        open.push({ folder: null, isFeed: true });
        if (!url || seen.has(url)) return;
        seen.add(url);
        if (feeds.length >= limits.maxFeeds) {
          cut += 1;
          return;
        }
        const folder = open.findLast((entry) => !entry.isFeed && entry.folder)?.folder ?? null;
        feeds.push({ url, title: label, siteUrl: resolveHttpUrl(attrs.htmlurl), folder });
      },
      onclosetag(name) {
        if (name === "outline") open.pop();
      },
    },
    { xmlMode: true, lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.end(text);
  if (!sawOpml) return { error: "not-opml", message: "Not an OPML file: it has no <opml> element." };
  return { feeds, cut };
}

export type OpmlSubscription = { url: string; title: string | null; siteUrl: string | null; category: string | null };

function outline(feed: OpmlSubscription, indent: string): string {
  const title = escapeXml(collapse(feed.title ?? "") || feed.url);
  const site = feed.siteUrl ? ` htmlUrl="${escapeXml(feed.siteUrl)}"` : "";
  return `${indent}<outline type="rss" text="${title}" title="${title}" xmlUrl="${escapeXml(feed.url)}"${site}/>`;
}

/** OPML 2.0 of the subscriptions, categories in the order they first appear. */
export function writeOpml(feeds: OpmlSubscription[], options: { title: string; now: Date }): string {
  const byCategory = new Map<string, OpmlSubscription[]>();
  const loose: OpmlSubscription[] = [];
  for (const feed of feeds) {
    const category = collapse(feed.category ?? "");
    if (!category) loose.push(feed);
    else byCategory.set(category, [...(byCategory.get(category) ?? []), feed]);
  }
  const folders = [...byCategory].map(([category, members]) => {
    const name = escapeXml(category);
    return [
      `    <outline text="${name}" title="${name}">`,
      ...members.map((feed) => outline(feed, "      ")),
      `    </outline>`,
    ].join("\n");
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<opml version="2.0">`,
    `  <head>`,
    `    <title>${escapeXml(options.title)}</title>`,
    `    <dateCreated>${options.now.toUTCString()}</dateCreated>`,
    `  </head>`,
    `  <body>`,
    ...loose.map((feed) => outline(feed, "    ")),
    ...folders,
    `  </body>`,
    `</opml>`,
    "",
  ].join("\n");
}
