import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPromise } from "yauzl";
import { GET as opdsRoute } from "@/app/opds/[[...path]]/route";
import { POST as createAppPasswordRoute } from "@/app/api/user/app-passwords/route";
import { storeArticle } from "@/lib/articles/queries";
import { getDb } from "@/lib/db/client";
import { dispatchDigests } from "@/lib/digests/dispatch";
import type { Prisma } from "@/lib/generated/prisma/client";
import { epubcheck } from "@/tests/support/epubcheck";
import { apiRequest, signedInUser } from "@/tests/support/factories";
import { type ParsedFeed, parseFeed } from "@/tests/support/feedparser";

// The OPDS catalog as an e-reader app reads it: HTTP Basic with the email and an app password, the
// navigation root, an acquisition feed followed to a book that epubcheck accepts, pages, categories,
// OpenSearch, Recent digests; wrong credentials answer 401 with a Basic challenge; a feed answers 304
// to a reader whose copy is current.

const scratch = mkdtempSync(path.join(tmpdir(), "linkstash-opds-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function reader(data: Partial<Prisma.UserCreateInput> = {}) {
  const { user, cookie } = await signedInUser(data);
  const res = await createAppPasswordRoute(
    apiRequest("POST", "/api/user/app-passwords", { cookie, json: { name: "KOReader OPDS" } }),
  );
  const { password, username }: { password: string; username: string } = await res.json();
  return { user, authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` };
}

/** GET of a catalog address through the route, as the reader sends it. */
function get(url: string, authorization?: string, sent: Record<string, string> = {}): Promise<Response> {
  const { pathname, search } = new URL(url, "http://localhost:3000");
  const segments = pathname.split("/").slice(2).filter(Boolean).map(decodeURIComponent);
  const headers: Record<string, string> = authorization ? { authorization, ...sent } : sent;
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
    expect(root.feed.entries.map((entry) => entry.title)).toEqual([
      "Unread",
      "Favorites",
      "Categories",
      "Recent digests",
    ]);
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

  it("makes each list's whole book of that list: Unread without the links set aside, Favorites too", async () => {
    const { user, authorization } = await reader();
    const make = (path: string, minute: number, data: Partial<Prisma.LinkUncheckedCreateInput>) =>
      getDb().link.create({
        data: {
          userId: user.id,
          url: `https://books.example/${path}`,
          title: path,
          createdAt: new Date(Date.UTC(2026, 10, 20, 12, minute)),
          ...data,
        },
      });
    await make("unread", 1, {});
    await make("not-interested", 2, { archivedAt: new Date() });
    await make("favorite-read", 3, { readAt: new Date(), favoritedAt: new Date() });
    await make("favorite-unread", 4, { favoritedAt: new Date() });

    /** The chapters of the book at a whole-list entry's acquisition link (one per link). */
    const chapters = async (list: string, name: string) => {
      const feed = await catalog(`/opds/${list}`, authorization);
      const whole = feed.feed.entries[0];
      expect(whole?.title).toBe(`All of ${name} as one book`);
      const res = await get(linkOf(whole?.links ?? [], "http://opds-spec.org/acquisition"), authorization);
      expect(res.status).toBe(200);
      const file = path.join(scratch, `${list}.epub`);
      // The book builder itself is checked by epubcheck in the tests above and in the export's.
      expect(res.headers.get("content-type")).toBe("application/epub+zip");
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const zip = await openPromise(file, { lazyEntries: true, autoClose: false });
      const names: string[] = [];
      try {
        for await (const entry of zip.eachEntry()) names.push(entry.fileName);
      } finally {
        zip.close();
      }
      // As many chapters as the list has entries besides the whole book.
      expect(names.filter((name) => name.startsWith("OEBPS/text/"))).toHaveLength(feed.feed.entries.length - 1);
      return feed.feed.entries.slice(1).map((entry) => entry.title);
    };
    expect(await chapters("unread", "Unread")).toEqual(["favorite-unread", "unread"]);
    expect(await chapters("favorites", "Favorites")).toEqual(["favorite-unread", "favorite-read"]);

    // An empty list has no whole book.
    await getDb().link.updateMany({ where: { userId: user.id }, data: { favoritedAt: null } });
    expect((await catalog("/opds/favorites", authorization)).feed.entries).toEqual([]);
    expect((await get("/opds/books/favorites.epub", authorization)).status).toBe(404);
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

  it("lists Recent digests, each a feed of exactly the links its mail carried, as one book epubcheck accepts", async () => {
    // Thursday 26 November 2026, 08:00 UTC: a weekly digest covering the week before.
    const when = new Date("2026-11-26T08:00:00Z");
    const day = 86_400_000;
    const { user, authorization } = await reader({
      onboarded: true,
      emailFrequency: "weekly",
      emailDays: [4],
      emailHours: { "4": 8 },
      timezone: "UTC",
      trialEndsAt: new Date(when.getTime() + 400 * day),
      digestCursor: new Date(when.getTime() - 7 * day),
      rediscoverCount: 1,
    });
    const db = getDb();
    const link = (name: string, data: Omit<Prisma.LinkUncheckedCreateInput, "userId" | "url"> = {}) =>
      db.link.create({ data: { userId: user.id, url: `https://${name}.example/`, title: name, ...data } });
    await link("new-older", { createdAt: new Date(when.getTime() - 2 * day) });
    const readLater = await link("new-newer", { createdAt: new Date(when.getTime() - day) });
    await link("read-before", { createdAt: new Date(when.getTime() - day), readAt: new Date(when.getTime() - 1000) });
    await link("back-today", { createdAt: new Date(when.getTime() - 60 * day), remindOn: new Date("2026-11-26") });
    await link("from-the-stash", { createdAt: new Date(when.getTime() - 90 * day) });
    await db.user.update({ where: { id: user.id }, data: { nextDigestAt: when } });
    expect((await dispatchDigests({ now: when })).failed).toBe(0);
    const delivery = await db.digestDelivery.findFirstOrThrow({ where: { userId: user.id, status: "sent" } });
    const mail = await db.mailboxMessage.findUniqueOrThrow({ where: { idempotencyKey: delivery.id } });
    // Read after the digest went out: it was in the digest all the same.
    await db.link.update({ where: { id: readLater.id }, data: { readAt: new Date() } });

    const digests = await catalog(
      linkOf((await catalog("/opds", authorization)).feed.entries[3]?.links ?? [], "subsection"),
      authorization,
    );
    expect(digests.res.headers.get("content-type")).toContain("kind=navigation");
    expect(digests.feed.entries.map((entry) => entry.title)).toEqual(["November 26, 2026"]);
    const digestHref = linkOf(digests.feed.entries[0]?.links ?? [], "subsection");
    expect(digestHref).toBe(`http://localhost:3000/opds/digests/${delivery.id}`);

    const digest = await catalog(digestHref, authorization);
    expect(digest.res.headers.get("content-type")).toContain("kind=acquisition");
    const carried = ["back-today", "new-newer", "new-older", "from-the-stash"];
    expect(digest.feed.entries.map((entry) => entry.title)).toEqual(["All of this digest as one book", ...carried]);
    for (const name of carried) expect(mail.html).toContain(`https://${name}.example/`);
    expect(mail.html).not.toContain("https://read-before.example/");
    for (const entry of digest.feed.entries.slice(1))
      expect(linkOf(entry.links, "http://opds-spec.org/acquisition")).toMatch(/\/opds\/books\/link\/[^/]+\.epub$/);

    const bookHref = linkOf(digest.feed.entries[0]?.links ?? [], "http://opds-spec.org/acquisition");
    expect(bookHref).toBe(`http://localhost:3000/opds/books/digest/${delivery.id}.epub`);
    const book = await get(bookHref, authorization);
    expect(book.status).toBe(200);
    expect(book.headers.get("content-disposition")).toBe('attachment; filename="linkstash-digest-2026-11-26.epub"');
    const file = path.join(scratch, "digest.epub");
    writeFileSync(file, Buffer.from(await book.arrayBuffer()));
    const report = await epubcheck(file);
    expect(report.problems).toEqual([]);

    // Another user's digest is not found, as a feed or as a book.
    const stranger = await reader();
    expect((await get(digestHref, stranger.authorization)).status).toBe(404);
    expect((await get(bookHref, stranger.authorization)).status).toBe(404);
    expect((await get("/opds/digests/no-such-digest", authorization)).status).toBe(404);
    const theirs = await catalog("/opds/digests", stranger.authorization);
    expect(theirs.feed.entries).toEqual([]);
  });

  it("answers 304 with no body while a feed is unchanged, and 200 with a new ETag once a link changes", async () => {
    const { user, authorization } = await reader();
    const db = getDb();
    await db.link.create({ data: { userId: user.id, url: "https://first.example/", title: "First" } });

    const first = await catalog("/opds/unread", authorization);
    const etag = first.res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect(first.res.headers.get("cache-control")).toBe("private, no-cache");
    const lastModified = first.res.headers.get("last-modified") ?? "";
    expect(Date.parse(lastModified)).not.toBeNaN();

    const unchanged = await get("/opds/unread", authorization, { "if-none-match": etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("etag")).toBe(etag);
    expect(unchanged.headers.get("cache-control")).toBe("private, no-cache");
    expect((await get("/opds/unread", authorization, { "if-modified-since": lastModified })).status).toBe(304);
    // Each feed has its own tag: another page or another feed is not the same copy.
    expect((await get("/opds/favorites", authorization, { "if-none-match": etag })).status).toBe(200);
    const root = await catalog("/opds", authorization);
    expect((await get("/opds", authorization, { "if-none-match": root.res.headers.get("etag") ?? "" })).status).toBe(
      304,
    );

    const saved = await db.link.create({ data: { userId: user.id, url: "https://second.example/", title: "Second" } });
    const afterSave = await catalog("/opds/unread", authorization);
    const savedTag = afterSave.res.headers.get("etag") ?? "";
    expect(savedTag).not.toBe(etag);
    expect((await get("/opds/unread", authorization, { "if-none-match": etag })).status).toBe(200);
    expect((await get("/opds/unread", authorization, { "if-none-match": savedTag })).status).toBe(304);

    await db.link.update({ where: { id: saved.id }, data: { title: "Second, renamed" } });
    const afterChange = await get("/opds/unread", authorization, { "if-none-match": savedTag });
    expect(afterChange.status).toBe(200);
    expect(afterChange.headers.get("etag")).not.toBe(savedTag);
    expect(await afterChange.text()).toContain("Second, renamed");

    // A page that does not exist is 404 whatever the reader sends.
    expect((await get("/opds/unread?page=2", authorization, { "if-modified-since": lastModified })).status).toBe(404);
  });
});
