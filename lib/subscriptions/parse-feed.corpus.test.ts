import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/subscriptions/parse-feed";
import type { ParsedFeed } from "@/lib/subscriptions/feed-types";

// Files of feedparser's own test suite (tests/fixtures/feeds/feedparser), each with the value
// feedparser must read in its header's "Expect:" line. Each case names that value as it is written
// there, and the test first checks the file says so, so the expectation is the corpus's, not ours.
// Where LinkStash wants plain text and feedparser keeps sanitised markup, `ours` says what we read.

const ROOT = path.resolve(import.meta.dirname, "../../tests/fixtures/feeds/feedparser");
// feedparser's suite serves the files from this address: relative links resolve against it.
const SERVED_AT = "http://127.0.0.1:8097/tests/";

type Field = "feed.title" | "feed.link" | "entry.link" | "entry.id" | "entry.title";
type Case = { file: string; field: Field; corpus: string; ours?: string | null };

const CASES: Case[] = [
  { file: "wellformed/rss/channel_title.xml", field: "feed.title", corpus: "Example feed" },
  { file: "wellformed/rss/channel_title_apos.xml", field: "feed.title", corpus: "Mark's title" },
  { file: "wellformed/rss/channel_title_lt.xml", field: "feed.title", corpus: "1 < 2" },
  { file: "wellformed/rss/item_guid.xml", field: "entry.id", corpus: "http://guid.example.com/" },
  { file: "wellformed/rss/item_guid_conflict_link.xml", field: "entry.link", corpus: "http://link.example.com/" },
  { file: "wellformed/rss/item_link.xml", field: "entry.link", corpus: "http://example.com/" },
  {
    file: "wellformed/base/http_item_link_base_docuri.xml",
    field: "entry.link",
    corpus: "http://127.0.0.1:8097/relative/uri",
  },
  {
    file: "wellformed/base/http_channel_link_base_docuri.xml",
    field: "feed.link",
    corpus: "http://127.0.0.1:8097/relative/uri",
  },
  { file: "wellformed/atom10/feed_title.xml", field: "feed.title", corpus: "Example Atom" },
  {
    file: "wellformed/atom10/feed_title_escaped_markup.xml",
    field: "feed.title",
    corpus: "Example <b>Atom</b>",
    ours: "Example Atom",
  },
  {
    file: "wellformed/atom10/entry_link_alternate_map_link_3.xml",
    field: "entry.link",
    corpus: "http://www.example.com/alternate",
  },
  { file: "wellformed/atom/entry_link_alternate_map_link.xml", field: "entry.link", corpus: "http://www.example.com/" },
  { file: "wellformed/namespace/rss2.0noNSwithModules.xml", field: "entry.title", corpus: "Test Item - RSS 2.0 no NS" },
  { file: "wellformed/namespace/rss2.0NSwithModules.xml", field: "entry.title", corpus: "Test Item - RSS2.0 w/ NS" },
  { file: "wellformed/namespace/rss1.0withModules.xml", field: "entry.title", corpus: "Test Item - RSS 1.0" },
];

function read(file: string): { text: Buffer; expect: string } {
  const text = readFileSync(path.join(ROOT, file));
  const expectLine = /Expect:(.*)/.exec(text.toString("utf8"))?.[1] ?? "";
  return { text, expect: expectLine };
}

function parsed(file: string): ParsedFeed {
  const reading = parseFeed(read(file).text, "application/xml", `${SERVED_AT}${file}`);
  if ("error" in reading) throw new Error(`${file}: ${reading.message}`);
  return reading.feed;
}

function field(feed: ParsedFeed, name: Field): string | null | undefined {
  const entry = feed.items[0];
  switch (name) {
    case "feed.title":
      return feed.title;
    case "feed.link":
      return feed.siteUrl;
    case "entry.link":
      return entry?.url;
    case "entry.id":
      return entry?.guid;
    case "entry.title":
      return entry?.title;
  }
}

/** The value as a Python literal in the Expect line: quoted with ' unless it holds one. */
const pythonLiteral = (value: string) => (value.includes("'") ? `"${value}"` : `'${value}'`);

describe("feedparser's corpus", () => {
  it.each(CASES)("$file: $field", ({ file, field: name, corpus, ours }) => {
    expect(read(file).expect).toContain(pythonLiteral(corpus));
    expect(field(parsed(file), name)).toBe(ours === undefined ? corpus : ours);
  });

  it("drops an item whose guid says it is not a permalink and that has no link", () => {
    expect(read("wellformed/rss/item_guid_not_permalink.xml").expect).toContain("not entries[0].has_key('link')");
    expect(parsed("wellformed/rss/item_guid_not_permalink.xml").items).toEqual([]);
  });

  it("reads a channel's ttl in minutes", () => {
    expect(read("wellformed/rss/channel_ttl.xml").expect).toContain("feed['ttl'] == '60'");
    expect(parsed("wellformed/rss/channel_ttl.xml").ttlMinutes).toBe(60);
  });

  // feedparser falls back to a loose parser for these (its "bozo" flag); LinkStash answers "not a
  // feed" instead, and the subscription shows the error until the publisher fixes the file.
  it.each(["illformed/aaa_illformed.xml", "illformed/rss_item_link_corrupted_ampersands.xml"])(
    "calls a document with a truncated root element not a feed (%s)",
    (file) => {
      expect(parseFeed(read(file).text, "application/rss+xml", SERVED_AT)).toMatchObject({ error: "not-a-feed" });
    },
  );

  it("reads feedparser's JSON Feed example", () => {
    const reading = parseFeed(readFileSync(path.join(ROOT, "json/example.json")), "application/feed+json", SERVED_AT);
    if ("error" in reading) throw new Error(reading.message);
    expect(reading.feed.title).toBe("My Example Feed");
    expect(reading.feed.items.map((item) => [item.guid, item.url])).toEqual([
      ["2", "https://example.org/second-item"],
      ["1", "https://example.org/initial-post"],
    ]);
  });
});
