import { describe, expect, it } from "vitest";
import { PATCH as patchLink } from "@/app/api/links/[id]/route";
import { GET as history } from "@/app/api/links/history/route";
import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/generated/prisma/client";
import { SEARCH_TOO_LONG_MESSAGE } from "@/lib/links/search";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

type LinkJson = { id: string; url: string; title: string | null; readAt: string | null; createdAt: string };

let minute = 0;
/** Links saved a minute apart, in the order given (the last is the newest). */
async function addLinks(
  user: User,
  links: { url: string; title?: string | null; notes?: string; categories?: string[]; readAt?: Date }[],
) {
  const base = Date.now() - 24 * 3_600_000;
  const created = [];
  for (const link of links) {
    minute += 1;
    const categories = link.categories ?? ["Uncategorized"];
    created.push(
      await getDb().link.create({
        data: {
          userId: user.id,
          url: link.url,
          title: link.title,
          notes: link.notes,
          category: categories[0],
          categories,
          readAt: link.readAt,
          createdAt: new Date(base + minute * 60_000),
        },
      }),
    );
  }
  return created;
}

async function search(cookie: string, query: string): Promise<string[]> {
  const res = await history(apiRequest("GET", `/api/links/history?${query}`, { cookie }));
  expect(res.status, query).toBe(200);
  const links: LinkJson[] = await res.json();
  return links.map((link) => link.url);
}

const q = (words: string, extra: Record<string, string> = {}) => new URLSearchParams({ q: words, ...extra }).toString();

async function library() {
  const { user, cookie } = await signedInUser();
  await addLinks(user, [
    {
      url: "https://blog.rust-lang.test/2024/async-closures.html",
      title: "Announcing async closures",
      categories: ["Tech"],
    },
    {
      url: "https://news.example.test/politics/election",
      title: "Election night",
      notes: "Read with coffee",
      categories: ["News"],
    },
    {
      url: "https://cooking.example/recipes/bread",
      title: "Sourdough basics",
      notes: "Grandma's Rezept für Brötchen",
      categories: ["Cooking", "Personal"],
    },
    // Stored as the URL parser normalises it: punycode host, percent-encoded path.
    { url: "https://xn--r8jz45g.test/%E6%9D%B1%E4%BA%AC", title: "東京タワー guide", categories: ["Reise"] },
    {
      url: "https://video.example.test/watch?v=42",
      notes: "Conference talk on Postgres indexes",
      categories: ["Video", "Tech"],
    },
  ]);
  return { user, cookie };
}

describe("GET /api/links/history?q=", () => {
  it("finds a word of the title, ignoring case", async () => {
    const { cookie } = await library();
    expect(await search(cookie, q("ELECTION"))).toEqual(["https://news.example.test/politics/election"]);
  });

  it("finds a part of the URL: the host and a path word", async () => {
    const { cookie } = await library();
    expect(await search(cookie, q("rust-lang"))).toEqual(["https://blog.rust-lang.test/2024/async-closures.html"]);
    expect(await search(cookie, q("recipes"))).toEqual(["https://cooking.example/recipes/bread"]);
    expect(await search(cookie, q("example"))).toEqual([
      "https://video.example.test/watch?v=42",
      "https://cooking.example/recipes/bread",
      "https://news.example.test/politics/election",
    ]);
  });

  it("finds a word of the notes and a category name", async () => {
    const { cookie } = await library();
    expect(await search(cookie, q("coffee"))).toEqual(["https://news.example.test/politics/election"]);
    expect(await search(cookie, q("cooking"))).toEqual(["https://cooking.example/recipes/bread"]);
    expect(await search(cookie, q("tech"))).toEqual([
      "https://video.example.test/watch?v=42",
      "https://blog.rust-lang.test/2024/async-closures.html",
    ]);
  });

  it("finds a word of a highlight or of its note, each link once, and never through another user's highlights", async () => {
    const { user, cookie } = await library();
    const [link] = await addLinks(user, [{ url: "https://essays.example/tides", title: "On tides" }]);
    const db = getDb();
    await db.highlight.create({
      data: { userId: user.id, linkId: link?.id ?? "", quote: "The moon pulls the ocean", note: "Perigee matters" },
    });
    await db.highlight.create({ data: { userId: user.id, linkId: link?.id ?? "", quote: "ocean again" } });
    expect(await search(cookie, q("moon"))).toEqual(["https://essays.example/tides"]);
    expect(await search(cookie, q("perig"))).toEqual(["https://essays.example/tides"]);
    expect(await search(cookie, q("ocean"))).toEqual(["https://essays.example/tides"]);

    const stranger = await signedInUser();
    const [own] = await addLinks(stranger.user, [{ url: "https://sample.test/elsewhere" }]);
    await db.highlight.create({ data: { userId: stranger.user.id, linkId: own?.id ?? "", quote: "zeppelin" } });
    expect(await search(cookie, q("zeppelin"))).toEqual([]);
    expect(await search(stranger.cookie, q("zeppelin"))).toEqual(["https://sample.test/elsewhere"]);
  });

  it("matches words of any script, and every word as a prefix", async () => {
    const { cookie } = await library();
    expect(await search(cookie, q("brötchen"))).toEqual(["https://cooking.example/recipes/bread"]);
    expect(await search(cookie, q("東京タワー"))).toEqual(["https://xn--r8jz45g.test/%E6%9D%B1%E4%BA%AC"]);
    expect(await search(cookie, q("東京"))).toEqual(["https://xn--r8jz45g.test/%E6%9D%B1%E4%BA%AC"]);
    expect(await search(cookie, q("GRANDMA'S RÉZEPT"))).toEqual([]);
    expect(await search(cookie, q("grandma rezept"))).toEqual(["https://cooking.example/recipes/bread"]);
    expect(await search(cookie, q("sourd"))).toEqual(["https://cooking.example/recipes/bread"]);
    expect(await search(cookie, q("post ind"))).toEqual(["https://video.example.test/watch?v=42"]);
  });

  it("needs every word (AND) and ignores punctuation", async () => {
    const { cookie } = await library();
    expect(await search(cookie, q("async tech"))).toEqual(["https://blog.rust-lang.test/2024/async-closures.html"]);
    expect(await search(cookie, q("async news"))).toEqual([]);
    expect(await search(cookie, q("  election & (night) | !! ':*"))).toEqual([
      "https://news.example.test/politics/election",
    ]);
  });

  it("treats a blank or punctuation-only q as no search", async () => {
    const { cookie } = await library();
    expect(await search(cookie, q(""))).toHaveLength(5);
    expect(await search(cookie, q(" ?! "))).toHaveLength(5);
  });

  it("combines with the category chip and the unread filter", async () => {
    const { user, cookie } = await signedInUser();
    await addLinks(user, [
      { url: "https://a.example/guide", title: "Rust guide", categories: ["Tech"] },
      { url: "https://b.example/guide", title: "Rust guide, read", categories: ["Tech"], readAt: new Date() },
      { url: "https://c.example/guide", title: "Rust travel guide", categories: ["Travel"] },
    ]);
    expect(await search(cookie, q("rust", { category: "tech" }))).toEqual([
      "https://b.example/guide",
      "https://a.example/guide",
    ]);
    expect(await search(cookie, q("rust", { unread: "1" }))).toEqual([
      "https://c.example/guide",
      "https://a.example/guide",
    ]);
    expect(await search(cookie, q("guide", { category: "TECH", unread: "1" }))).toEqual(["https://a.example/guide"]);
    expect(await search(cookie, "unread=1")).toEqual(["https://c.example/guide", "https://a.example/guide"]);
    expect(await search(cookie, "unread=0")).toHaveLength(3);
  });

  it("pages a search across several pages, each match exactly once, newest first", async () => {
    const { user, cookie } = await signedInUser();
    const base = Date.now() - 600 * 60_000;
    await getDb().link.createMany({
      data: Array.from({ length: 250 }, (_, i) => ({
        userId: user.id,
        url: `https://example.test/${i % 2 === 0 ? "match" : "other"}/${i}`,
        title: i % 2 === 0 ? `Pagination needle ${i}` : `Haystack ${i}`,
        // Pairs of matches share a timestamp: the id breaks the tie.
        createdAt: new Date(base + Math.floor(i / 4) * 60_000),
      })),
    });
    const seen: LinkJson[] = [];
    let next: string | null = `/api/links/history?${q("needle", { limit: "40" })}`;
    let pages = 0;
    while (next) {
      const res = await history(apiRequest("GET", next, { cookie }));
      expect(res.status).toBe(200);
      seen.push(...(await res.json()));
      next = res.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1] ?? null;
      if (next) expect(new URL(next, "http://x").searchParams.get("q")).toBe("needle");
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(seen).toHaveLength(125);
    expect(new Set(seen.map((link) => link.id)).size).toBe(125);
    expect(seen.every((link) => link.url.includes("/match/"))).toBe(true);
    const times = seen.map((link) => Date.parse(link.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("never returns another user's matching links", async () => {
    const owner = await library();
    const stranger = await signedInUser();
    await addLinks(stranger.user, [
      { url: "https://stranger.example/election", title: "Election of the stranger", categories: ["News"] },
    ]);
    expect(await search(owner.cookie, q("election"))).toEqual(["https://news.example.test/politics/election"]);
    expect(await search(stranger.cookie, q("election"))).toEqual(["https://stranger.example/election"]);
    expect(await search(stranger.cookie, q("coffee"))).toEqual([]);
  });

  it("refuses too long a search with 400 and a clear message", async () => {
    const { cookie } = await signedInUser();
    for (const words of ["a".repeat(201), Array.from({ length: 11 }, (_, i) => `w${i}`).join(" ")]) {
      const res = await history(apiRequest("GET", `/api/links/history?${q(words)}`, { cookie }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "validation_failed", message: SEARCH_TOO_LONG_MESSAGE });
    }
    const bad = await history(apiRequest("GET", "/api/links/history?unread=maybe", { cookie }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: "validation_failed", message: "unread must be 1 or 0" });
  });
});

describe("PATCH /api/links/{id} { read }", () => {
  const patch = (id: string, json: unknown, cookie?: string) =>
    patchLink(apiRequest("PATCH", `/api/links/${id}`, { cookie, json }), routeParams({ id }));

  it("marks a link read and unread, keeping the first read time, and the unread filter follows", async () => {
    const { user, cookie } = await signedInUser();
    const [older, newer] = await addLinks(user, [{ url: "https://a.example/" }, { url: "https://b.example/" }]);
    if (!older || !newer) throw new Error("links not created");

    const read = await patch(older.id, { read: true }, cookie);
    expect(read.status).toBe(200);
    const body: LinkJson = await read.json();
    expect(body).toMatchObject({ id: older.id, url: "https://a.example/", readAt: expect.any(String) });
    const stored = await getDb().link.findUniqueOrThrow({ where: { id: older.id } });
    expect(stored.readAt?.toISOString()).toBe(body.readAt);
    expect(await search(cookie, "unread=1")).toEqual(["https://b.example/"]);

    // Marking it read again keeps the first time.
    const again: LinkJson = await (await patch(older.id, { read: true }, cookie)).json();
    expect(again.readAt).toBe(body.readAt);

    const unread = await patch(older.id, { read: false }, cookie);
    expect(unread.status).toBe(200);
    expect(await unread.json()).toMatchObject({ id: older.id, readAt: null });
    expect(await search(cookie, "unread=1")).toEqual(["https://b.example/", "https://a.example/"]);
  });

  it("answers 404 for another user's link and leaves it as it was", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const [link] = await addLinks(owner.user, [{ url: "https://owner.example/" }]);
    if (!link) throw new Error("link not created");
    const res = await patch(link.id, { read: true }, stranger.cookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: "Link not found" });
    expect((await getDb().link.findUniqueOrThrow({ where: { id: link.id } })).readAt).toBeNull();
    expect((await patch("no-such-link", { read: true }, owner.cookie)).status).toBe(404);
  });

  it("answers 401 signed out, 400 for a bad body, 403 cross-origin", async () => {
    const { user, cookie } = await signedInUser();
    const [link] = await addLinks(user, [{ url: "https://a.example/" }]);
    if (!link) throw new Error("link not created");
    expect((await patch(link.id, { read: true })).status).toBe(401);
    for (const json of [{ read: "yes" }, { read: 1 }]) {
      const res = await patch(link.id, json, cookie);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json()).toEqual({ code: "validation_failed", message: "read must be true or false" });
    }
    for (const json of [{}, null, [true]]) {
      const res = await patch(link.id, json, cookie);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json()).toEqual({
        code: "validation_failed",
        message:
          "Send read (true or false), remindOn (a date or null), archived (true or false) or favorite (true or false)",
      });
    }
    const crossOrigin = await patchLink(
      apiRequest("PATCH", `/api/links/${link.id}`, { cookie, json: { read: true }, origin: "https://evil.example" }),
      routeParams({ id: link.id }),
    );
    expect(crossOrigin.status).toBe(403);
    expect((await getDb().link.findUniqueOrThrow({ where: { id: link.id } })).readAt).toBeNull();
  });
});
