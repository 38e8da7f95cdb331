import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteLinkRoute } from "@/app/api/links/[id]/route";
import { GET as linkCategories } from "@/app/api/links/categories/route";
import { GET as history } from "@/app/api/links/history/route";
import { POST as saveLink } from "@/app/api/links/route";
import { GET as today } from "@/app/api/links/today/route";
import { getDb } from "@/lib/db/client";
import { toLinkResponse } from "@/lib/links/response";
import { flushAfterTasks } from "@/tests/support/after-tasks";
import { apiRequest, routeParams, signedInUser, TITLE_TEST_HOST } from "@/tests/support/factories";

type LinkJson = {
  id: string;
  url: string;
  title: string | null;
  notes: string | null;
  category: string;
  categories: string[];
  createdAt: string;
};

async function save(cookie: string, json: unknown) {
  return saveLink(apiRequest("POST", "/api/links", { cookie, json }));
}

describe("POST /api/links", () => {
  it("saves a link with notes and categories, the first being the primary", async () => {
    const { user, cookie } = await signedInUser();
    const res = await save(cookie, {
      url: "  example.test/article  ",
      notes: " read later ",
      categories: ["news", "Work"],
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.success).toBe(true);
    const stored = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({
      url: "https://example.test/article",
      notes: "read later",
      category: "News",
      categories: ["News", "Work"],
    });
  });

  it("files a link without categories under Uncategorized", async () => {
    const { user, cookie } = await signedInUser();
    expect((await save(cookie, { url: "http://sample.test" })).status).toBe(201);
    const stored = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({
      url: "http://sample.test/",
      category: "Uncategorized",
      categories: ["Uncategorized"],
      notes: null,
    });
  });

  it.each([
    [{ url: "" }, "URL is required"],
    [{ url: "   " }, "URL is required"],
    [{}, "URL is required"],
    [{ url: "not a url" }, "Please enter a valid website address"],
    [{ url: "https://" }, "Please enter a valid website address"],
    [{ url: "example.test", categories: ["A", "B", "C", "D"] }, "You can select up to 3 categories"],
  ])("refuses %o with the product's message and stores nothing", async (json, message) => {
    const { user, cookie } = await signedInUser();
    const res = await save(cookie, json);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message });
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers 401 when signed out", async () => {
    const res = await save("", { url: "example.test" });
    expect(res.status).toBe(401);
  });
});

describe("the free daily limit", () => {
  const billingOff = !process.env.STRIPE_SECRET_KEY;

  it("does not apply while billing is off, even after the trial", async () => {
    expect(billingOff).toBe(true);
    const { user, cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() - 86_400_000) });
    for (let i = 0; i < 3; i += 1) expect((await save(cookie, { url: `example.test/${i}` })).status).toBe(201);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(3);
  });
});

describe("GET /api/links/today", () => {
  it("lists only the user's links of their local day, newest first", async () => {
    const { user, cookie } = await signedInUser({ timezone: "Pacific/Kiritimati" });
    const other = await signedInUser();
    await save(cookie, { url: "example.test/one" });
    await save(cookie, { url: "example.test/two" });
    await save(other.cookie, { url: "example.test/not-mine" });
    await getDb().link.create({
      data: { userId: user.id, url: "https://old.example", createdAt: new Date(Date.now() - 3 * 86_400_000) },
    });
    const res = await today(apiRequest("GET", "/api/links/today", { cookie }));
    expect(res.status).toBe(200);
    const links: LinkJson[] = await res.json();
    expect(links.map((l) => l.url)).toEqual(["https://example.test/two", "https://example.test/one"]);
  });

  it("answers 401 when signed out", async () => {
    expect((await today(apiRequest("GET", "/api/links/today"))).status).toBe(401);
  });

  it("ignores a Content-Type on a GET, which carries no body", async () => {
    const { cookie } = await signedInUser();
    const res = await today(
      apiRequest("GET", "/api/links/today", { cookie, headers: { "content-type": "application/json" } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
});

describe("GET /api/links/history", () => {
  it("pages across 450 links, each exactly once, newest first", async () => {
    const { user, cookie } = await signedInUser();
    const base = Date.now() - 450 * 60_000;
    await getDb().link.createMany({
      data: Array.from({ length: 450 }, (_, i) => ({
        userId: user.id,
        url: `https://example.test/${i}`,
        // Pairs share a timestamp: the id breaks the tie, so none is skipped or repeated.
        createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      })),
    });
    const seen: LinkJson[] = [];
    let next: string | null = "/api/links/history";
    let pages = 0;
    while (next) {
      const res = await history(apiRequest("GET", next, { cookie }));
      expect(res.status).toBe(200);
      seen.push(...(await res.json()));
      next = res.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1] ?? null;
      pages += 1;
    }
    // 50 a page by default, and the last full page knows that nothing follows.
    expect(pages).toBe(9);
    expect(seen).toHaveLength(450);
    expect(new Set(seen.map((l) => l.id)).size).toBe(450);
    const times = seen.map((l) => Date.parse(l.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("filters by category ignoring case and honours limit", async () => {
    const { cookie } = await signedInUser();
    await save(cookie, { url: "a.example", categories: ["News"] });
    await save(cookie, { url: "b.example", categories: ["Work", "news"] });
    await save(cookie, { url: "c.example", categories: ["Work"] });
    const res = await history(apiRequest("GET", "/api/links/history?category=NEWS", { cookie }));
    const links: LinkJson[] = await res.json();
    expect(links.map((l) => l.url).sort()).toEqual(["https://a.example/", "https://b.example/"]);
    const limited = await history(apiRequest("GET", "/api/links/history?limit=1", { cookie }));
    expect(await limited.json()).toHaveLength(1);
    expect(limited.headers.get("link")).toMatch(/rel="next"/);
  });

  it("refuses a bad limit or cursor with 400", async () => {
    const { cookie } = await signedInUser();
    expect((await history(apiRequest("GET", "/api/links/history?limit=0", { cookie }))).status).toBe(400);
    expect((await history(apiRequest("GET", "/api/links/history?limit=abc", { cookie }))).status).toBe(400);
    const tooMany = await history(apiRequest("GET", "/api/links/history?limit=51", { cookie }));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ code: "validation_failed", message: "limit must be a number from 1 to 50" });
    expect((await history(apiRequest("GET", "/api/links/history?cursor=%%%", { cookie }))).status).toBe(400);
  });

  it("answers 401 when signed out", async () => {
    expect((await history(apiRequest("GET", "/api/links/history"))).status).toBe(401);
  });
});

describe("DELETE /api/links/{id}", () => {
  it("deletes the owner's link", async () => {
    const { user, cookie } = await signedInUser();
    await save(cookie, { url: "example.test" });
    const link = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    // As a browser sends it under next start: no Content-Type, an empty body stream.
    const res = await deleteLinkRoute(
      apiRequest("DELETE", `/api/links/${link.id}`, { cookie, emptyStream: true }),
      routeParams({ id: link.id }),
    );
    expect(res.status).toBe(200);
    expect(await getDb().link.count({ where: { id: link.id } })).toBe(0);
  });

  it("answers 404 for another user's link and leaves it untouched, 401 when signed out", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    await save(owner.cookie, { url: "example.test" });
    const link = await getDb().link.findFirstOrThrow({ where: { userId: owner.user.id } });
    const res = await deleteLinkRoute(
      apiRequest("DELETE", `/api/links/${link.id}`, { cookie: intruder.cookie }),
      routeParams({ id: link.id }),
    );
    expect(res.status).toBe(404);
    expect(await getDb().link.count({ where: { id: link.id } })).toBe(1);
    const out = await deleteLinkRoute(apiRequest("DELETE", `/api/links/${link.id}`), routeParams({ id: link.id }));
    expect(out.status).toBe(401);
    const missing = await deleteLinkRoute(
      apiRequest("DELETE", "/api/links/nope", { cookie: owner.cookie }),
      routeParams({ id: "nope" }),
    );
    expect(missing.status).toBe(404);
  });
});

describe("page titles", () => {
  let server: Server;
  // The integration setup allows this one local address for title fetches (UNFURL_ALLOWED_HOSTS).
  const origin = `http://${TITLE_TEST_HOST}`;
  let slowPageAnswered = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      if (req.url === "/slow") {
        setTimeout(() => {
          slowPageAnswered = true;
          res.end("<title>Too late</title>");
        }, 7_000);
        return;
      }
      res.end("<html><head><title>A Local &amp; Friendly Page</title></head><body>hi</body></html>");
    });
    const [host, port] = TITLE_TEST_HOST.split(":");
    await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("are fetched after the response and stored", async () => {
    const { user, cookie } = await signedInUser();
    const res = await save(cookie, { url: `${origin}/page` });
    expect(res.status).toBe(201);
    // The response went out before the page was fetched.
    expect((await res.json()).link.title).toBeNull();
    await flushAfterTasks();
    const stored = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.title).toBe("A Local & Friendly Page");
  });

  it("do not replace a title the client sent (the bookmarklet's page title)", async () => {
    const { user, cookie } = await signedInUser();
    const res = await save(cookie, { url: `${origin}/page`, title: "  The title I saw  " });
    expect((await res.json()).link.title).toBe("The title I saw");
    await flushAfterTasks();
    const stored = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.title).toBe("The title I saw");
  });

  it("leave the URL in place when the page is too slow, and saving does not wait for it", async () => {
    const { user, cookie } = await signedInUser();
    const res = await save(cookie, { url: `${origin}/slow` });
    expect(res.status).toBe(201);
    expect(slowPageAnswered).toBe(false);
    await flushAfterTasks();
    const stored = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.title).toBeNull();
    expect(stored.url).toBe(`${origin}/slow`);
  });

  it("are never fetched from a private address that is not allowed", async () => {
    const { user, cookie } = await signedInUser();
    const port = Number(TITLE_TEST_HOST.split(":")[1]);
    await save(cookie, { url: `http://localhost:${port}/page` });
    await flushAfterTasks();
    expect((await getDb().link.findFirstOrThrow({ where: { userId: user.id } })).title).toBeNull();
  });
});

describe("GET /api/links/categories", () => {
  it("lists the distinct categories of the user's links, ignoring case, alphabetically", async () => {
    const { cookie } = await signedInUser();
    const other = await signedInUser();
    await save(cookie, { url: "a.example", categories: ["Work", "zebra"] });
    await save(cookie, { url: "b.example", categories: ["work", "Apples"] });
    await save(cookie, { url: "c.example" });
    await save(other.cookie, { url: "d.example", categories: ["Secret"] });
    const res = await linkCategories(apiRequest("GET", "/api/links/categories", { cookie }));
    expect(res.status).toBe(200);
    const names: string[] = await res.json();
    // "Work" and "work" are one chip (whichever spelling comes first).
    expect(names.map((name) => name.toLowerCase())).toEqual(["apples", "uncategorized", "work", "zebra"]);
    expect((await linkCategories(apiRequest("GET", "/api/links/categories"))).status).toBe(401);
  });
});

describe("the history page's JSON", () => {
  it("is exactly what toLinkResponse gives for the stored rows, whatever the text holds", async () => {
    const { user, cookie } = await signedInUser();
    const db = getDb();
    await db.link.createMany({
      data: [
        {
          userId: user.id,
          url: 'https://example.test/a?b="c"&d=%20',
          title: 'Quotes " and \\ backslash, tab\t, newline\n',
          notes: "😀 ünïcödé — \u2028 line sep",
          category: "News",
          categories: ["News", "Ça va"],
          createdAt: new Date("2026-03-04T05:06:07.089Z"),
        },
        {
          userId: user.id,
          url: "https://example.test/b",
          title: null,
          notes: null,
          description: "<b>html</b>",
          siteName: "Site",
          faviconUrl: "https://example.test/f.ico",
          categories: [],
          createdAt: new Date("1999-12-31T23:59:59.999Z"),
          readAt: new Date("2026-01-02T03:04:05.000Z"),
        },
        { userId: user.id, url: "https://example.test/c", createdAt: new Date("2026-11-22T00:00:00.000Z") },
      ],
    });
    const res = await history(apiRequest("GET", "/api/links/history", { cookie }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const stored = await db.link.findMany({
      where: { userId: user.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(await res.json()).toEqual(stored.map(toLinkResponse));
  });

  // The JSON is built from the row as it is now: every way a row changes shows.
  it("follows every later change of the row, and today's list answers the same objects", async () => {
    const { user, cookie } = await signedInUser();
    const db = getDb();
    expect(
      (await save(cookie, { url: "https://example.test/first", notes: "before", categories: ["Old"] })).status,
    ).toBe(201);
    expect((await save(cookie, { url: "https://example.test/second" })).status).toBe(201);
    const [first, second] = await db.link.findMany({ where: { userId: user.id }, orderBy: { url: "asc" } });
    if (!first || !second) throw new Error("both links were saved");
    await db.link.update({
      where: { id: first.id },
      data: {
        title: "Fetched “title”",
        description: "After the save",
        siteName: "Example",
        notes: "after",
        categories: ["New", "Ünïcode"],
        category: "New",
      },
    });
    await db.link.update({ where: { id: second.id }, data: { readAt: new Date("2026-11-22T10:11:12.131Z") } });
    const stored = (
      await db.link.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] })
    ).map(toLinkResponse);
    expect(stored.find((link) => link.id === first.id)).toMatchObject({
      title: "Fetched “title”",
      notes: "after",
      categories: ["New", "Ünïcode"],
    });
    expect(await (await history(apiRequest("GET", "/api/links/history", { cookie }))).json()).toEqual(stored);
    const todayRes = await today(apiRequest("GET", "/api/links/today", { cookie }));
    expect(todayRes.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await todayRes.json()).toEqual(stored);
  });
});
