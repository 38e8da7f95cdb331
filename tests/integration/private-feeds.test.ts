import { describe, expect, it } from "vitest";
import { GET as feedRoute } from "@/app/api/feeds/[id]/[...feed]/route";
import { GET as addressesRoute } from "@/app/api/user/feeds/route";
import { POST as regenerateRoute } from "@/app/api/user/feeds/regenerate/route";
import { storeArticle } from "@/lib/articles/queries";
import { getDb } from "@/lib/db/client";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";
import { parseFeed } from "@/tests/support/feedparser";

// Private Atom feeds read by a real feed parser (Python's feedparser): unread, Favorites and a
// category, each entry with its title, link, dates, notes and, where ready, the article; a wrong or
// replaced secret is 404; a reader whose copy is current is answered 304.

type Addresses = { unread: string; favorites: string; categories: { name: string; url: string }[] };

async function addresses(cookie: string): Promise<Addresses> {
  const res = await addressesRoute(apiRequest("GET", "/api/user/feeds", { cookie }));
  expect(res.status).toBe(200);
  return res.json();
}

/** GET of a feed's address through its route, as a feed reader sends it (no cookie). */
function fetchFeed(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const path = new URL(url).pathname;
  const [, , , key = "", ...feed] = path.split("/");
  return feedRoute(
    apiRequest("GET", path, { origin: null, headers }),
    routeParams({ id: key, feed: feed.map(decodeURIComponent).join("/") }),
  );
}

async function ownerWithLinks() {
  const { user, cookie } = await signedInUser();
  const db = getDb();
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));
  const news = await db.link.create({
    data: {
      userId: user.id,
      url: "https://news.example/one?a=1&b=2",
      title: "News & views <one>",
      notes: "Read this first",
      category: "News",
      categories: ["News"],
      createdAt: day(20),
    },
  });
  await storeArticle(news, {
    status: "ready",
    title: "News",
    byline: null,
    siteName: null,
    excerpt: null,
    lang: "en",
    dir: null,
    publishedTime: null,
    contentHtml: "<p>The article's own words.</p>",
    textContent: "The article's own words.",
    wordCount: 4,
    readingMinutes: 1,
    reason: null,
    extractedAt: day(20),
  });
  await db.link.create({
    data: {
      userId: user.id,
      url: "https://blog.example/fav",
      title: "A favorite",
      favoritedAt: day(21),
      readAt: day(22),
      createdAt: day(21),
    },
  });
  await db.link.create({
    data: {
      userId: user.id,
      url: "https://blog.example/read",
      title: "Already read",
      readAt: day(23),
      createdAt: day(19),
    },
  });
  return { user, cookie };
}

describe("private Atom feeds", () => {
  it("parse in feedparser with no error: unread, Favorites and a category", async () => {
    const { cookie } = await ownerWithLinks();
    const feeds = await addresses(cookie);
    expect(feeds.unread).toMatch(/\/api\/feeds\/[A-Za-z0-9_-]{43}\/unread$/);
    expect(feeds.categories.map((category) => category.name)).toEqual(expect.arrayContaining(["News"]));

    const unreadRes = await fetchFeed(feeds.unread);
    expect(unreadRes.status).toBe(200);
    expect(unreadRes.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const unread = await parseFeed(await unreadRes.text());
    expect(unread.bozo, unread.bozoException ?? "").toBe(false);
    expect(unread.version).toBe("atom10");
    expect(unread.title).toBe("LinkStash: Unread");
    expect(unread.entries).toEqual([
      expect.objectContaining({
        title: "News & views <one>",
        link: "https://news.example/one?a=1&b=2",
        published: "2026-11-20T09:00:00.000Z",
        summary: "Read this first",
        content: "<p>The article's own words.</p>",
        tags: ["News"],
      }),
    ]);
    expect(unread.entries[0]?.id).toMatch(/^tag:localhost,2026:link:\d+$/);

    const favorites = await parseFeed(await (await fetchFeed(feeds.favorites)).text());
    expect(favorites.bozo).toBe(false);
    expect(favorites.entries.map((entry) => entry.title)).toEqual(["A favorite"]);
    const newsUrl = feeds.categories.find((category) => category.name === "News")?.url ?? "";
    const news = await parseFeed(await (await fetchFeed(newsUrl)).text());
    expect(news.entries.map((entry) => entry.link)).toEqual(["https://news.example/one?a=1&b=2"]);
  });

  it("answers 404 for a wrong secret, an unknown feed, and the old addresses after New addresses", async () => {
    const { cookie } = await ownerWithLinks();
    const feeds = await addresses(cookie);
    const wrong = feeds.unread.replace(/\/api\/feeds\/[^/]+\//, `/api/feeds/${"x".repeat(43)}/`);
    expect((await fetchFeed(wrong)).status).toBe(404);
    expect((await fetchFeed(feeds.unread.replace(/unread$/, "everything"))).status).toBe(404);
    expect((await fetchFeed(feeds.unread.replace(/unread$/, "categories/Nope"))).status).toBe(404);
    // The same addresses on a second look.
    expect((await addresses(cookie)).unread).toBe(feeds.unread);

    const renewed = await regenerateRoute(apiRequest("POST", "/api/user/feeds/regenerate", { cookie }));
    expect(renewed.status).toBe(200);
    const fresh: Addresses = await renewed.json();
    expect(fresh.unread).not.toBe(feeds.unread);
    expect((await fetchFeed(feeds.unread)).status).toBe(404);
    expect((await fetchFeed(fresh.unread)).status).toBe(200);
  });

  it("gives each user their own secret and links", async () => {
    const owner = await ownerWithLinks();
    const stranger = await signedInUser();
    const theirs = await addresses(stranger.cookie);
    const mine = await addresses(owner.cookie);
    expect(theirs.unread).not.toBe(mine.unread);
    const feed = await parseFeed(await (await fetchFeed(theirs.unread)).text());
    expect(feed.bozo).toBe(false);
    expect(feed.entries).toEqual([]);
  });

  it("answers 304 with no body while the feed is unchanged, and 200 with a new ETag once a link changes", async () => {
    const { user, cookie } = await ownerWithLinks();
    const feeds = await addresses(cookie);
    const first = await fetchFeed(feeds.unread);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    const lastModified = first.headers.get("last-modified") ?? "";
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const unchanged = await fetchFeed(feeds.unread, { "if-none-match": etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("etag")).toBe(etag);
    expect(unchanged.headers.get("cache-control")).toBe("private, no-cache");
    expect(unchanged.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await fetchFeed(feeds.unread, { "if-modified-since": lastModified })).status).toBe(304);
    expect((await fetchFeed(feeds.favorites, { "if-none-match": etag })).status).toBe(200);

    // A save: a new link, so a new tag.
    const db = getDb();
    const saved = await db.link.create({ data: { userId: user.id, url: "https://new.example/", title: "Just saved" } });
    const afterSave = await fetchFeed(feeds.unread, { "if-none-match": etag });
    expect(afterSave.status).toBe(200);
    const savedTag = afterSave.headers.get("etag") ?? "";
    expect(savedTag).not.toBe(etag);
    expect((await parseFeed(await afterSave.text())).entries.map((entry) => entry.title)).toContain("Just saved");
    expect((await fetchFeed(feeds.unread, { "if-none-match": savedTag })).status).toBe(304);

    // Marked read: the link leaves the feed, and the tag changes with it.
    await db.link.update({ where: { id: saved.id }, data: { readAt: new Date() } });
    const afterRead = await fetchFeed(feeds.unread, { "if-none-match": savedTag });
    expect(afterRead.status).toBe(200);
    const readTag = afterRead.headers.get("etag") ?? "";
    expect(readTag).not.toBe(savedTag);
    expect((await parseFeed(await afterRead.text())).entries.map((entry) => entry.title)).not.toContain("Just saved");

    // Its article arriving later changes what the feed shows too.
    await db.link.update({ where: { id: saved.id }, data: { readAt: null } });
    const unreadTag = (await fetchFeed(feeds.unread)).headers.get("etag") ?? "";
    await storeArticle(saved, {
      status: "ready",
      title: "Just saved",
      byline: null,
      siteName: null,
      excerpt: null,
      lang: "en",
      dir: null,
      publishedTime: null,
      contentHtml: "<p>Arrived later.</p>",
      textContent: "Arrived later.",
      wordCount: 2,
      readingMinutes: 1,
      reason: null,
      extractedAt: new Date(),
    });
    const afterArticle = await fetchFeed(feeds.unread, { "if-none-match": unreadTag });
    expect(afterArticle.status).toBe(200);
    expect(await afterArticle.text()).toContain("Arrived later.");
  });
});
