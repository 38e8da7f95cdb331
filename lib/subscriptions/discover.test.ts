import { describe, expect, it } from "vitest";
import { discoverFeeds } from "@/lib/subscriptions/discover";

// A head as WordPress writes it (its feed, its comments feed, its REST API link), with a JSON Feed
// and an Atom feed added, and links that are not feeds.
const WORDPRESS_HEAD = `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<title>Notes &amp; Links</title>
<link rel="stylesheet" href="/style.css" type="text/css">
<link rel="alternate" type="application/rss+xml" title="Notes &amp; Links &raquo; Feed" href="https://example.blog/feed/" />
<link rel="alternate" type="application/rss+xml" title="Notes &amp; Links &raquo; Comments Feed" href="https://example.blog/comments/feed/" />
<link rel="alternate" title="JSON Feed" type="application/feed+json" href="/feed.json">
<link rel="alternate" type="application/atom+xml" href="atom.xml">
<link rel="alternate" type="text/html" hreflang="fr" href="/fr/">
<link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
<link rel="https://api.w.org/" href="https://example.blog/wp-json/" />
<link rel="alternate" type="application/json" href="https://example.blog/wp-json/wp/v2/pages/2" />
</head>
<body><a href="/feed/" rel="alternate" type="application/rss+xml">RSS</a></body>
</html>`;

describe("discoverFeeds", () => {
  it("lists a page's feeds in document order, resolved against the page", () => {
    expect(discoverFeeds(WORDPRESS_HEAD, "https://example.blog/2026/11/a-post/")).toEqual([
      { url: "https://example.blog/feed/", title: "Notes & Links » Feed", type: "application/rss+xml" },
      {
        url: "https://example.blog/comments/feed/",
        title: "Notes & Links » Comments Feed",
        type: "application/rss+xml",
      },
      { url: "https://example.blog/feed.json", title: "JSON Feed", type: "application/feed+json" },
      { url: "https://example.blog/2026/11/a-post/atom.xml", title: null, type: "application/atom+xml" },
      { url: "https://example.blog/wp-json/wp/v2/pages/2", title: null, type: "application/json" },
    ]);
  });

  it("resolves against the first <base href>, even for links before it", () => {
    const html = `<head><link rel="alternate" type="application/atom+xml" href="feed.atom">
      <base href="/blog/"><base href="/other/"></head>`;
    expect(discoverFeeds(html, "https://example.org/a/b").map((feed) => feed.url)).toEqual([
      "https://example.org/blog/feed.atom",
    ]);
  });

  it("reads rel and type as browsers do: any case, a list of rels, a charset parameter", () => {
    const html = `<LINK REL="Alternate Home" TYPE="Application/RSS+XML; charset=utf-8" HREF="/rss">`;
    expect(discoverFeeds(html, "https://example.org/")).toEqual([
      { url: "https://example.org/rss", title: null, type: "application/rss+xml" },
    ]);
  });

  it("lists a feed announced twice once", () => {
    const html = `<link rel="alternate" type="application/rss+xml" href="/feed">
      <link rel="alternate" type="application/rss+xml" href="https://example.org/feed">`;
    expect(discoverFeeds(html, "https://example.org/")).toHaveLength(1);
  });

  it("finds nothing in a page without feeds or in text that only looks like a link", () => {
    expect(
      discoverFeeds("<p>&lt;link rel=alternate type=application/rss+xml href=/x&gt;</p>", "https://e.org/"),
    ).toEqual([]);
    expect(discoverFeeds("", "https://e.org/")).toEqual([]);
  });
});
