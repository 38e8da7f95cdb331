import { describe, expect, it } from "vitest";
import { parseFeed } from "@/lib/subscriptions/parse-feed";
import type { ParsedFeed } from "@/lib/subscriptions/feed-types";

function feedOf(body: Uint8Array | string, contentType: string | null, url = "https://example.org/feed"): ParsedFeed {
  const reading = parseFeed(body, contentType, url);
  if ("error" in reading) throw new Error(reading.message);
  return reading.feed;
}

describe("parseFeed", () => {
  it("resolves Atom links through nested xml:base, relative ones included", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="blog/"><title type="html">A &amp;lt;b&amp;gt;</title>
      <entry xml:base="2026/"><id>tag:e,1</id><title type="html">&lt;em&gt;Hi&lt;/em&gt; &amp;amp; bye</title>
      <link rel="alternate" href="post.html"/><published>2026-11-28T09:30:00+01:00</published></entry></feed>`;
    const feed = feedOf(atom, "application/atom+xml");
    expect(feed.kind).toBe("atom");
    expect(feed.items).toEqual([
      {
        guid: "tag:e,1",
        url: "https://example.org/blog/2026/post.html",
        title: "Hi & bye",
        published: new Date("2026-11-28T08:30:00Z"),
      },
    ]);
  });

  it("reads RSS ttl, sy:updatePeriod, CDATA titles and RFC 822 dates", () => {
    const rss = `<?xml version="1.0"?><rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
      <channel><title>Site</title><link>https://example.org/</link><ttl>90</ttl>
      <sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>4</sy:updateFrequency>
      <item><title><![CDATA[Caf&eacute; <b>opens</b>]]></title><link>/p/1</link>
      <pubDate>Sat, 28 Nov 2026 18:00:00 -0500</pubDate><description>&lt;p&gt;Body&lt;/p&gt;</description></item>
      </channel></rss>`;
    const feed = feedOf(rss, "text/xml");
    expect(feed).toMatchObject({ kind: "rss", title: "Site", siteUrl: "https://example.org/", ttlMinutes: 90 });
    expect(feed.updatePeriod).toBe(360);
    expect(feed.items[0]).toEqual({
      guid: "https://example.org/p/1",
      url: "https://example.org/p/1",
      title: "Café opens",
      published: new Date("2026-11-28T23:00:00Z"),
      summary: "Body",
    });
  });

  it("reads a JSON Feed 1.1 (the shape of the specification's example)", () => {
    const json = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: "My Example Feed",
      home_page_url: "https://example.org/",
      feed_url: "https://example.org/feed.json",
      items: [
        { id: "2", content_text: "This is a second item.", url: "https://example.org/second-item" },
        { id: "1", content_html: "<p>Hello, world!</p>", url: "/initial-post", date_published: "2026-11-20T10:00:00Z" },
        { id: "0", content_text: "No address." },
      ],
    });
    const feed = feedOf(new TextEncoder().encode(json), "application/feed+json");
    expect(feed.items).toEqual([
      { guid: "2", url: "https://example.org/second-item", title: null, summary: "This is a second item." },
      {
        guid: "1",
        url: "https://example.org/initial-post",
        title: null,
        published: new Date("2026-11-20T10:00:00Z"),
        summary: "Hello, world!",
      },
    ]);
  });

  it("decodes the character set the Content-Type or the XML declaration names", () => {
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode(`<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf`),
      0xe9,
      ...new TextEncoder().encode(`</title></channel></rss>`),
    ]);
    expect(feedOf(latin1, "application/rss+xml").title).toBe("Café");
    expect(feedOf(latin1, "application/rss+xml; charset=windows-1252").title).toBe("Café");
  });

  it("refuses a body over the size limit and keeps at most the item limit", () => {
    const items = Array.from({ length: 5 }, (_, i) => `<item><link>https://e.org/${i}</link></item>`).join("");
    const rss = `<rss version="2.0"><channel><title>T</title>${items}</channel></rss>`;
    expect(parseFeed(rss, null, "https://e.org/", { maxBytes: 10, maxItems: 3 })).toMatchObject({ error: "too-large" });
    const reading = parseFeed(rss, null, "https://e.org/", { maxBytes: 10_000, maxItems: 3 });
    expect("feed" in reading && reading.feed.items.map((item) => item.url)).toEqual([
      "https://e.org/0",
      "https://e.org/1",
      "https://e.org/2",
    ]);
  });

  it("says an HTML page, JSON that is no feed and an empty body are not feeds", () => {
    for (const [body, type] of [
      ["<!DOCTYPE html><html><head><title>x</title></head><body>hi</body></html>", "text/html"],
      [`{"hello": "world"}`, "application/json"],
      ["", null],
    ] as const) {
      expect(parseFeed(body, type, "https://e.org/")).toMatchObject({ error: "not-a-feed" });
    }
  });
});
