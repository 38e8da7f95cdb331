import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { plainText } from "@/lib/subscriptions/feed-text";
import { parseFeed } from "@/lib/subscriptions/parse-feed";
import { parseFeed as feedparser } from "@/tests/support/feedparser";

// Every well-formed feed of the feedparser corpus (tests/fixtures/feeds/feedparser), read by
// LinkStash's reader and by Python's feedparser itself: the same titles, links, guids and dates.
// feedparser keeps sanitised markup in titles where LinkStash keeps plain text, so its titles are
// compared as text; it is not told the feed's address, so its relative links are resolved here.

const ROOT = path.resolve(import.meta.dirname, "../fixtures/feeds/feedparser/wellformed");
const SERVED_AT = "http://127.0.0.1:8097/tests/wellformed/";

const files = readdirSync(ROOT, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".xml"));

const asText = (html: string) => plainText(html) || null;

describe("the feed reader against feedparser", () => {
  it("has the corpus", () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
  });

  it.each(files)("%s", async (file) => {
    const bytes = readFileSync(path.join(ROOT, file));
    const address = `${SERVED_AT}${file}`;
    const theirs = await feedparser(bytes.toString("utf8"));
    const reading = parseFeed(bytes, "application/xml", address);
    if ("error" in reading) throw new Error(reading.message);
    const ours = reading.feed;

    if (theirs.title) expect(ours.title).toBe(plainText(theirs.title));
    const linked = theirs.entries.filter((entry) => entry.link);
    expect(ours.items.map((item) => item.url)).toEqual(linked.map((entry) => new URL(entry.link, address).href));
    for (const [index, entry] of linked.entries()) {
      const item = ours.items[index];
      const link = new URL(entry.link, address).href;
      expect(item?.guid).toBe(entry.id || link);
      expect(item?.title ?? null).toBe(asText(entry.title));
      const date = entry.published ?? entry.updated;
      expect(item?.published?.getTime()).toBe(date ? new Date(date).getTime() : undefined);
    }
  });
});
