import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GET as opdsRoute } from "@/app/opds/[[...path]]/route";
import { POST as createAppPasswordRoute } from "@/app/api/user/app-passwords/route";
import { storeArticle } from "@/lib/articles/queries";
import { getDb } from "@/lib/db/client";
import { epubcheck } from "@/tests/support/epubcheck";
import { apiRequest, signedInUser } from "@/tests/support/factories";
import { type ParsedFeed, parseFeed } from "@/tests/support/feedparser";

// The OPDS catalog as an e-reader app reads it: HTTP Basic with the email and an app password, the
// navigation root, an acquisition feed followed to a book that epubcheck accepts, pages, categories,
// OpenSearch; wrong credentials answer 401 with a Basic challenge.

const scratch = mkdtempSync(path.join(tmpdir(), "linkstash-opds-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function reader() {
  const { user, cookie } = await signedInUser();
  const res = await createAppPasswordRoute(
    apiRequest("POST", "/api/user/app-passwords", { cookie, json: { name: "KOReader OPDS" } }),
  );
  const { password, username }: { password: string; username: string } = await res.json();
  return { user, authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` };
}

/** GET of a catalog address through the route, as the reader sends it. */
function get(url: string, authorization?: string): Promise<Response> {
  const { pathname, search } = new URL(url, "http://localhost:3000");
  const segments = pathname.split("/").slice(2).filter(Boolean).map(decodeURIComponent);
  const headers: Record<string, string> = authorization ? { authorization } : {};
  return opdsRoute(apiRequest("GET", `${pathname}${search}`, { origin: null, headers }), {
    params: Promise.resolve(segments.length > 0 ? { path: segments } : {}),
  });
}

async function catalog(url: string, authorization: string): Promise<{ res: Response; feed: ParsedFeed }> {
  const res = await get(url, authorization);
  expect(res.status, await res.clone().text()).toBe(200);
  const feed = await parseFeed(await res.text());
  expect(feed.bozo, feed.bozoException ?? "").toBe(false);
  return { res, feed };
}

const linkOf = (links: { rel: string; href: string; type: string }[], rel: string) =>
  links.find((link) => link.rel === rel)?.href ?? "";

describe("the OPDS catalog", () => {
  it("navigates from the root to Unread, follows a book's acquisition link, and epubcheck accepts the book", async () => {
    const { user, authorization } = await reader();
    const db = getDb();
    const link = await db.link.create({
      data: {
        userId: user.id,
        url: "https://long.example/read",
        title: "A long read",
        category: "News",
        categories: ["News"],
      },
    });
    await storeArticle(link, {
      status: "ready",
      title: "A long read",
      byline: "A. Writer",
      siteName: null,
      excerpt: null,
      lang: "en",
      dir: null,
      publishedTime: null,
      contentHtml: "<p>Words worth reading on an e-reader.</p>",
      textContent: "Words worth reading on an e-reader.",
      wordCount: 6,
      readingMinutes: 1,
      reason: null,
      extractedAt: new Date(),
    });

    const root = await catalog("/opds", authorization);
    expect(root.res.headers.get("content-type")).toBe(
      "application/atom+xml;profile=opds-catalog;kind=navigation; charset=utf-8",
    );
    expect(root.feed.entries.map((entry) => entry.title)).toEqual(["Unread", "Favorites", "Categories"]);
    expect(linkOf(root.feed.links, "search")).toBe("http://localhost:3000/opds/search.xml");
    const unreadHref = linkOf(root.feed.entries[0]?.links ?? [], "subsection");

    const unread = await catalog(unreadHref, authorization);
    expect(unread.res.headers.get("content-type")).toContain("kind=acquisition");
    const titles = unread.feed.entries.map((entry) => entry.title);
    expect(titles).toEqual(["All of Unread as one book", "A long read"]);
    const book = unread.feed.entries[1];
    const acquisition = book?.links.find((candidate) => candidate.rel === "http://opds-spec.org/acquisition");
    expect(acquisition?.type).toBe("application/epub+zip");
    const epub = await get(acquisition?.href ?? "", authorization);
    expect(epub.status).toBe(200);
    expect(epub.headers.get("content-type")).toBe("application/epub+zip");
    const file = path.join(scratch, "opds.epub");
    writeFileSync(file, Buffer.from(await epub.arrayBuffer()));
    const report = await epubcheck(file);
    expect(report.problems).toEqual([]);

    const whole = await get(
      linkOf(unread.feed.entries[0]?.links ?? [], "http://opds-spec.org/acquisition"),
      authorization,
    );
    expect(whole.status).toBe(200);
    await whole.arrayBuffer();
  });

  it("pages an acquisition feed by 50, lists categories, searches through OpenSearch", async () => {
    const { user, authorization } = await reader();
    await getDb().link.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        userId: user.id,
        url: `https://many.example/${i}`,
        title: i === 7 ? "The lighthouse keeper" : `Link ${i}`,
        category: "Work",
        categories: ["Work"],
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      })),
    });
    const first = await catalog("/opds/unread", authorization);
    expect(first.feed.entries).toHaveLength(51);
    const next = linkOf(first.feed.links, "next");
    expect(next).toBe("http://localhost:3000/opds/unread?page=2");
    const second = await catalog(next, authorization);
    expect(second.feed.entries).toHaveLength(5);
    expect(linkOf(second.feed.links, "previous")).toBe("http://localhost:3000/opds/unread?page=1");
    expect((await get("/opds/unread?page=3", authorization)).status).toBe(404);

    const categories = await catalog("/opds/categories", authorization);
    expect(categories.feed.entries.map((entry) => entry.title)).toEqual(["Work"]);
    const work = await catalog(linkOf(categories.feed.entries[0]?.links ?? [], "subsection"), authorization);
    expect(work.feed.entries[0]?.title).toBe("All of Work as one book");

    const description = await get("/opds/search.xml", authorization);
    const template = /template="([^"]+)"/.exec(await description.text())?.[1] ?? "";
    expect(template).toBe("http://localhost:3000/opds/search?q={searchTerms}");
    const found = await catalog(template.replace("{searchTerms}", "lighthouse"), authorization);
    expect(found.feed.entries.map((entry) => entry.title)).toEqual(["The lighthouse keeper"]);
  });

  it("answers 401 with a Basic challenge without credentials, with a wrong password, or another user's password", async () => {
    const { user, authorization } = await reader();
    const stranger = await reader();
    const bare = await get("/opds");
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe('Basic realm="LinkStash", charset="UTF-8"');
    const wrong = `Basic ${Buffer.from(`${user.email}:zzzz-zzzz-zzzz-zzzz`).toString("base64")}`;
    expect((await get("/opds", wrong)).status).toBe(401);
    const strangersPassword = Buffer.from(stranger.authorization.slice(6), "base64").toString().split(":")[1] ?? "";
    const mixed = `Basic ${Buffer.from(`${user.email}:${strangersPassword}`).toString("base64")}`;
    expect((await get("/opds", mixed)).status).toBe(401);
    expect((await get("/opds", authorization)).status).toBe(200);
    // Another user's book is not found.
    const theirs = await getDb().link.create({ data: { userId: stranger.user.id, url: "https://theirs.example/x" } });
    expect((await get(`/opds/books/link/${theirs.id}.epub`, authorization)).status).toBe(404);
  });
});
