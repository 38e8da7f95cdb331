import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readOpml, writeOpml, type OpmlFeed } from "@/lib/subscriptions/opml";

// Real exports (tests/fixtures/opml): Flym, AntennaPod and RSS Guard files kept by Feeder's tests,
// and a NetNewsWire export kept by NetNewsWire's.

const ROOT = path.resolve(import.meta.dirname, "../../tests/fixtures/opml");

function feedsOf(file: string): OpmlFeed[] {
  const reading = readOpml(readFileSync(path.join(ROOT, file), "utf8"));
  if ("error" in reading) throw new Error(reading.message);
  expect(reading.cut).toBe(0);
  return reading.feeds;
}

function folderCounts(feeds: OpmlFeed[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const feed of feeds) counts[String(feed.folder)] = (counts[String(feed.folder)] ?? 0) + 1;
  return counts;
}

describe("readOpml on real exports", () => {
  it("reads Flym's export: title attributes only, one folder level", () => {
    const feeds = feedsOf("feeder/Flym_auto_backup.opml");
    expect(folderCounts(feeds)).toEqual({ "black humor": 2, comics: 7, Tech: 1, "Political humour": 1 });
    expect(feeds[0]).toEqual({
      url: "http://www.smbc-comics.com/rss.php",
      title: "SMBC",
      siteUrl: null,
      folder: "black humor",
    });
    expect(feeds.at(-1)?.url).toBe("https://grisebouille.net/feed/");
  });

  it("reads AntennaPod's export: OPML 2.0, no folders, site addresses", () => {
    const feeds = feedsOf("feeder/antennapod-feeds.opml");
    expect(feeds).toHaveLength(8);
    expect(feeds.every((feed) => feed.folder === null)).toBe(true);
    expect(feeds[0]).toEqual({
      url: "http://aliceisntdead.libsyn.com/rss",
      title: "Alice Isn't Dead",
      siteUrl: "http://www.aliceisntdead.com/",
      folder: null,
    });
  });

  it("reads RSS Guard's export: text-named folders, a feed at the top level, an escaped address", () => {
    const feeds = feedsOf("feeder/rssguard_2.opml");
    expect(folderCounts(feeds)).toEqual({
      Amis: 1,
      "Actu Geek": 15,
      Graphs: 4,
      Religion: 4,
      "Mainstream update": 5,
      null: 1,
    });
    // The file escapes the ampersand twice; XML decodes it once.
    expect(feeds.find((feed) => feed.title === "Mosquee de Paris")?.url).toBe(
      "http://www.mosqueedeparis.net/index.php?format=feed&amp;type=atom",
    );
  });

  it("reads NetNewsWire's export: folders, entities in titles, a feed listed twice kept once", () => {
    const feeds = feedsOf("netnewswire/Subs.opml");
    // 207 outlines with an xmlUrl; "http://feed.katiefloyd.com" and ".../" are one address.
    expect(feeds).toHaveLength(206);
    expect(folderCounts(feeds)).toEqual({ null: 68, Programming: 33, Macintosh: 5, Weblogs: 97, Writers: 3 });
    expect(feeds.find((feed) => feed.url === "http://corinnekrych.blogspot.com/feeds/posts/default")?.title).toBe(
      "chat & code",
    );
    expect(feeds.filter((feed) => feed.url === "http://feed.katiefloyd.com/")).toHaveLength(1);
    // An empty htmlUrl is no site.
    expect(feeds.find((feed) => feed.url === "http://jvns.ca/atom.xml")?.siteUrl).toBeNull();
  });
});

describe("readOpml", () => {
  it("takes the innermost named folder of nested ones", () => {
    const opml = `<opml version="1.0"><body>
      <outline text="Subscriptions">
        <outline text="Programming"><outline text="Go" xmlUrl="https://go.dev/blog/feed.atom"/></outline>
        <outline text=""><outline text="Unnamed" xmlUrl="https://example.org/a.xml"/></outline>
      </outline>
      <outline text="Top" xmlURL="https://example.org/top.xml"/>
    </body></opml>`;
    const reading = readOpml(opml);
    expect("feeds" in reading && reading.feeds.map((feed) => [feed.title, feed.folder])).toEqual([
      ["Go", "Programming"],
      ["Unnamed", "Subscriptions"],
      ["Top", null],
    ]);
  });

  it("keeps only http(s) addresses and counts the distinct feeds past the limit", () => {
    const outlines = [
      "javascript:alert(1)",
      "relative.xml",
      "https://a.example/1",
      "https://a.example/2",
      "https://a.example/3",
      "https://a.example/2",
    ]
      .map((url) => `<outline text="x" xmlUrl="${url}"/>`)
      .join("");
    const reading = readOpml(`<opml><body>${outlines}</body></opml>`, { maxFeeds: 1 });
    expect(reading).toEqual({
      feeds: [{ url: "https://a.example/1", title: "x", siteUrl: null, folder: null }],
      cut: 2,
    });
  });

  it("says a file without <opml> is not OPML", () => {
    expect(readOpml("<html><body>hi</body></html>")).toMatchObject({ error: "not-opml" });
  });
});

describe("writeOpml", () => {
  const subscriptions = [
    { url: "https://a.example/feed?x=1&y=2", title: `Tom & "Jerry" <3`, siteUrl: "https://a.example/", category: null },
    { url: "https://b.example/rss", title: "B", siteUrl: null, category: "News & Views" },
    { url: "https://c.example/atom", title: null, siteUrl: null, category: "Tech" },
    { url: "https://d.example/feed.json", title: "D", siteUrl: null, category: "News & Views" },
  ];
  const written = writeOpml(subscriptions, { title: "LinkStash subscriptions", now: new Date("2026-11-29T10:00:00Z") });

  it("writes OPML 2.0 with one folder for each category", () => {
    expect(written).toContain(`<opml version="2.0">`);
    expect(written).toContain(`<dateCreated>Sun, 29 Nov 2026 10:00:00 GMT</dateCreated>`);
    expect(written).toContain(`<outline text="News &amp; Views" title="News &amp; Views">`);
    expect(written.match(/<outline text="News &amp; Views"/g)).toHaveLength(1);
  });

  it("reads back as it was written", () => {
    const reading = readOpml(written);
    expect(reading).toEqual({
      feeds: [
        {
          url: "https://a.example/feed?x=1&y=2",
          title: `Tom & "Jerry" <3`,
          siteUrl: "https://a.example/",
          folder: null,
        },
        { url: "https://b.example/rss", title: "B", siteUrl: null, folder: "News & Views" },
        { url: "https://d.example/feed.json", title: "D", siteUrl: null, folder: "News & Views" },
        // An untitled feed is named by its address, as readers show it.
        { url: "https://c.example/atom", title: "https://c.example/atom", siteUrl: null, folder: "Tech" },
      ],
      cut: 0,
    });
  });
});
