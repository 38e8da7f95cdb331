// Feed subscriptions (decision 0416) against feeds served by a local server: subscribing (a feed's
// address or a page naming it) brings the newest 5 items as links; checks are conditional, bring
// each new item once, also when several run at once; failures back off and stop after a week;
// another user's subscription is 404.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as refreshRoute } from "@/app/api/feeds/[id]/refresh/route";
import { DELETE as deleteRoute, PATCH as patchRoute } from "@/app/api/feeds/[id]/route";
import { GET as listRoute, POST as subscribeRoute } from "@/app/api/feeds/route";
import { getDb } from "@/lib/db/client";
import { checkDueFeeds } from "@/lib/subscriptions/check-feeds";
import type { SubscriptionResponse } from "@/lib/subscriptions/schemas";
import { apiRequest, FEED_TEST_HOST, routeParams, signedInUser } from "@/tests/support/factories";

const origin = `http://${FEED_TEST_HOST}`;
const HOUR = 3_600_000;

/** What the server answers at a path. */
type Served = {
  /** Post numbers, newest first; item n is dated n hours after a fixed day. */
  items?: number[];
  /** Validators sent with the feed; a request sending the current ETag is answered 304. */
  etag?: string;
  lastModified?: string;
  status?: number;
  retryAfter?: string;
  html?: string;
  text?: string;
};

const served = new Map<string, Served>();
const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;

function rss(path: string, items: number[]): string {
  const entries = items
    .map(
      (n) => `<item><title>Post ${n}</title><link>https://blog.example${path}/post-${n}</link>
        <guid>${path}-${n}</guid><pubDate>${new Date(Date.UTC(2026, 10, 1) + n * HOUR).toUTCString()}</pubDate></item>`,
    )
    .join("");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Blog ${path}</title>
    <link>https://blog.example${path}</link>${entries}</channel></rss>`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "";
    requests.push({ path, headers: req.headers });
    const answer = served.get(path);
    if (!answer) return void res.writeHead(404).end();
    if (answer.status) {
      const headers: Record<string, string> = answer.retryAfter ? { "Retry-After": answer.retryAfter } : {};
      return void res.writeHead(answer.status, headers).end("no");
    }
    if (answer.html !== undefined) return void res.writeHead(200, { "Content-Type": "text/html" }).end(answer.html);
    if (answer.text !== undefined) return void res.writeHead(200, { "Content-Type": "text/plain" }).end(answer.text);
    if (answer.etag && req.headers["if-none-match"] === answer.etag) return void res.writeHead(304).end();
    const headers: Record<string, string> = { "Content-Type": "application/rss+xml" };
    if (answer.etag) headers.ETag = answer.etag;
    if (answer.lastModified) headers["Last-Modified"] = answer.lastModified;
    res.writeHead(200, headers).end(rss(path.replace(/\/feed\.xml$/, ""), answer.items ?? []));
  });
  const [host, port] = FEED_TEST_HOST.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let paths = 0;
/** A fresh path on the server, so each test has its own feed addresses. */
function feedPath(): string {
  paths += 1;
  return `/t${paths}`;
}

const hits = (path: string) => requests.filter((request) => request.path === path).length;

async function subscribe(cookie: string, json: Record<string, unknown>): Promise<Response> {
  return subscribeRoute(apiRequest("POST", "/api/feeds", { cookie, json }));
}

async function subscribed(cookie: string, json: Record<string, unknown>): Promise<SubscriptionResponse> {
  const res = await subscribe(cookie, json);
  expect(res.status).toBe(201);
  return res.json();
}

/** Makes the feed at `url` due now, as an hour passing would. */
async function makeDue(url: string): Promise<void> {
  await getDb().feedSource.update({ where: { url }, data: { nextCheckAt: new Date(Date.now() - 1000) } });
}

const source = (url: string) => getDb().feedSource.findUniqueOrThrow({ where: { url } });

async function linkTitles(userId: string): Promise<string[]> {
  const links = await getDb().link.findMany({ where: { userId }, orderBy: { title: "asc" } });
  return links.map((link) => link.title ?? "");
}

describe("subscribing", () => {
  it("to a feed's address brings its newest 5 items as links in the subscription's category", async () => {
    const { user, cookie } = await signedInUser();
    const path = feedPath();
    served.set(`${path}/feed.xml`, { items: [3, 8, 1, 7, 2, 6, 5, 4] });
    const subscription = await subscribed(cookie, { url: `${origin}${path}/feed.xml`, category: "news" });
    expect(subscription).toMatchObject({
      title: `Blog ${path}`,
      url: `${origin}${path}/feed.xml`,
      siteUrl: `https://blog.example${path}`,
      category: "news",
      into: "stash",
      error: null,
      stopped: false,
    });
    // By date, whatever the feed's order.
    expect(await linkTitles(user.id)).toEqual(["Post 4", "Post 5", "Post 6", "Post 7", "Post 8"]);
    const links = await getDb().link.findMany({ where: { userId: user.id } });
    expect(links.map((link) => link.categories)).toEqual(Array(5).fill(["News"]));
    expect(links.map((link) => link.url)).toContain(`https://blog.example${path}/post-8`);
    // Each owes its page's fetch, like a save.
    expect(await getDb().pageWork.count({ where: { userId: user.id } })).toBe(5);
    // Subscribing again is the same subscription.
    const again = await subscribe(cookie, { url: `${origin}${path}/feed.xml` });
    expect(again.status).toBe(200);
    expect(((await again.json()) as SubscriptionResponse).id).toBe(subscription.id);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(5);
    const list = await listRoute(apiRequest("GET", "/api/feeds", { cookie }));
    expect(((await list.json()) as SubscriptionResponse[]).map((s) => s.id)).toEqual([subscription.id]);
  });

  it("to a page finds the feed its <link rel=alternate> names", async () => {
    const { user, cookie } = await signedInUser();
    const path = feedPath();
    served.set(`${path}/`, {
      html: `<html><head><link rel="alternate" type="application/rss+xml" href="feed.xml"></head><body>Hi</body></html>`,
    });
    served.set(`${path}/feed.xml`, { items: [1, 2, 3, 4, 5, 6, 7, 8].reverse() });
    const subscription = await subscribed(cookie, { url: `${origin}${path}/` });
    expect(subscription.url).toBe(`${origin}${path}/feed.xml`);
    expect(subscription.title).toBe(`Blog ${path}`);
    expect(await linkTitles(user.id)).toEqual(["Post 4", "Post 5", "Post 6", "Post 7", "Post 8"]);
    expect(new Set((await getDb().link.findMany({ where: { userId: user.id } })).map((l) => l.category))).toEqual(
      new Set(["Uncategorized"]),
    );
  });

  it("to an address with no feed is 400 not_a_feed", async () => {
    const { cookie } = await signedInUser();
    const path = feedPath();
    served.set(`${path}/plain`, { text: "just words" });
    served.set(`${path}/page`, { html: "<html><head><title>No feeds</title></head><body></body></html>" });
    for (const url of [`${origin}${path}/plain`, `${origin}${path}/page`, `${origin}${path}/missing`]) {
      const res = await subscribe(cookie, { url });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "not_a_feed" });
    }
    expect(await getDb().feedSource.count({ where: { url: { startsWith: `${origin}${path}` } } })).toBe(0);
  });

  it("signed out is 401", async () => {
    const res = await subscribeRoute(apiRequest("POST", "/api/feeds", { json: { url: `${origin}/x/feed.xml` } }));
    expect(res.status).toBe(401);
    expect((await listRoute(apiRequest("GET", "/api/feeds"))).status).toBe(401);
  });
});

describe("checking", () => {
  it("sends the validators back: a 304 adds nothing, nor does the same feed without validators", async () => {
    const { user, cookie } = await signedInUser();
    const path = feedPath();
    const url = `${origin}${path}/feed.xml`;
    const lastModified = "Sun, 01 Nov 2026 10:00:00 GMT";
    served.set(`${path}/feed.xml`, { items: [8, 7, 6, 5, 4, 3, 2, 1], etag: '"v1"', lastModified });
    await subscribed(cookie, { url });
    await makeDue(url);
    await checkDueFeeds({ budgetMs: 30_000 });
    const last = requests.filter((request) => request.path === `${path}/feed.xml`).at(-1);
    expect(last?.headers["if-none-match"]).toBe('"v1"');
    expect(last?.headers["if-modified-since"]).toBe(lastModified);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(5);
    expect((await source(url)).nextCheckAt.getTime()).toBeGreaterThan(Date.now());

    served.set(`${path}/feed.xml`, { items: [8, 7, 6, 5, 4, 3, 2, 1] });
    await makeDue(url);
    await checkDueFeeds({ budgetMs: 30_000 });
    expect(hits(`${path}/feed.xml`)).toBe(3);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(5);
    expect(await getDb().feedDelivery.count({ where: { userId: user.id } })).toBe(5);
  });

  it("brings a new item once to each subscriber, with one read of the address per cycle, three cycles at once", async () => {
    const path = feedPath();
    const url = `${origin}${path}/feed.xml`;
    served.set(`${path}/feed.xml`, { items: [8, 7, 6, 5, 4, 3, 2, 1] });
    const first = await signedInUser();
    const second = await signedInUser();
    await subscribed(first.cookie, { url });
    await subscribed(second.cookie, { url });
    // The second subscriber shares the feed already read.
    expect(hits(`${path}/feed.xml`)).toBe(1);
    expect(await linkTitles(second.user.id)).toEqual(["Post 4", "Post 5", "Post 6", "Post 7", "Post 8"]);

    served.set(`${path}/feed.xml`, { items: [9, 8, 7, 6, 5, 4, 3, 2, 1] });
    await makeDue(url);
    await Promise.all([1, 2, 3].map(() => checkDueFeeds({ budgetMs: 30_000 })));
    expect(hits(`${path}/feed.xml`)).toBe(2);
    await Promise.all([1, 2, 3].map(() => checkDueFeeds({ budgetMs: 30_000 })));
    expect(hits(`${path}/feed.xml`)).toBe(2);
    for (const { user } of [first, second]) {
      const titles = await linkTitles(user.id);
      expect(titles.filter((title) => title === "Post 9")).toHaveLength(1);
      expect(titles).toHaveLength(6);
    }
  });

  it("backs off after a 429 as asked and after a 500 by the rule, stops after a week, and a refresh restarts it", async () => {
    const { cookie } = await signedInUser();
    const path = feedPath();
    const url = `${origin}${path}/feed.xml`;
    served.set(`${path}/feed.xml`, { items: [2, 1] });
    const subscription = await subscribed(cookie, { url });

    served.set(`${path}/feed.xml`, { status: 429, retryAfter: "7200" });
    await makeDue(url);
    const now = new Date();
    await checkDueFeeds({ budgetMs: 30_000, now });
    let row = await source(url);
    expect(row.nextCheckAt.getTime()).toBe(now.getTime() + 2 * HOUR);
    expect(row).toMatchObject({ failures: 1, failingSince: now });
    expect(row.lastError).toContain("429");

    served.set(`${path}/feed.xml`, { status: 500 });
    await makeDue(url);
    const later = new Date();
    await checkDueFeeds({ budgetMs: 30_000, now: later });
    row = await source(url);
    // The second failure in a row waits 2 hours (1, 2, 4 … up to a day).
    expect(row.nextCheckAt.getTime()).toBe(later.getTime() + 2 * HOUR);
    expect(row.failures).toBe(2);
    expect(row.lastError).toBe("The feed had an error (HTTP 500).");
    const listed = (await (
      await listRoute(apiRequest("GET", "/api/feeds", { cookie }))
    ).json()) as SubscriptionResponse[];
    expect(listed[0]).toMatchObject({ error: "The feed had an error (HTTP 500).", stopped: false });

    // Failing for a week: stopped, no longer checked.
    await getDb().feedSource.update({
      where: { url },
      data: { failingSince: new Date(Date.now() - 8 * 24 * HOUR), nextCheckAt: new Date(Date.now() - 1000) },
    });
    await checkDueFeeds({ budgetMs: 30_000 });
    row = await source(url);
    expect(row.stoppedAt).not.toBeNull();
    const stopped = (await (
      await listRoute(apiRequest("GET", "/api/feeds", { cookie }))
    ).json()) as SubscriptionResponse[];
    expect(stopped[0]).toMatchObject({ stopped: true, nextCheckAt: null });
    const reads = hits(`${path}/feed.xml`);
    await getDb().feedSource.update({ where: { url }, data: { nextCheckAt: new Date(Date.now() - 1000) } });
    await checkDueFeeds({ budgetMs: 30_000 });
    expect(hits(`${path}/feed.xml`)).toBe(reads);

    // The feed works again; a refresh reads it now and starts the checks again.
    served.set(`${path}/feed.xml`, { items: [3, 2, 1] });
    const res = await refreshRoute(
      apiRequest("POST", `/api/feeds/${subscription.id}/refresh`, { cookie }),
      routeParams({ id: subscription.id }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ stopped: false, error: null });
    expect(hits(`${path}/feed.xml`)).toBe(reads + 1);
    expect(await source(url)).toMatchObject({ stoppedAt: null, failures: 0, failingSince: null, lastError: null });
  });
});

describe("a subscription", () => {
  it("into the digest owes its items there and makes no links", async () => {
    const { user, cookie } = await signedInUser();
    const path = feedPath();
    served.set(`${path}/feed.xml`, { items: [8, 7, 6, 5, 4, 3, 2, 1] });
    const subscription = await subscribed(cookie, { url: `${origin}${path}/feed.xml`, into: "digest" });
    expect(subscription.into).toBe("digest");
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
    const owed = await getDb().feedDelivery.findMany({ where: { userId: user.id } });
    expect(owed).toHaveLength(5);
    expect(owed.every((delivery) => delivery.into === "digest" && delivery.linkId === null)).toBe(true);
  });

  it("is changed, refreshed and ended by its owner only; unsubscribing keeps its links", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const path = feedPath();
    const url = `${origin}${path}/feed.xml`;
    served.set(`${path}/feed.xml`, { items: [8, 7, 6, 5, 4, 3, 2, 1] });
    const subscription = await subscribed(owner.cookie, { url });
    const params = routeParams({ id: subscription.id });
    const asStranger = (method: string, suffix = "", json?: unknown) =>
      apiRequest(method, `/api/feeds/${subscription.id}${suffix}`, { cookie: stranger.cookie, json });
    expect((await patchRoute(asStranger("PATCH", "", { into: "digest" }), params)).status).toBe(404);
    expect((await deleteRoute(asStranger("DELETE"), params)).status).toBe(404);
    expect((await refreshRoute(asStranger("POST", "/refresh"), params)).status).toBe(404);

    const patched = await patchRoute(
      apiRequest("PATCH", `/api/feeds/${subscription.id}`, {
        cookie: owner.cookie,
        json: { category: "Tech", into: "digest" },
      }),
      params,
    );
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ category: "Tech", into: "digest" });

    const deleted = await deleteRoute(
      apiRequest("DELETE", `/api/feeds/${subscription.id}`, { cookie: owner.cookie }),
      params,
    );
    expect(deleted.status).toBe(200);
    expect(await getDb().subscription.count({ where: { id: subscription.id } })).toBe(0);
    // Its last subscriber gone, the feed goes; the links stay.
    expect(await getDb().feedSource.count({ where: { url } })).toBe(0);
    expect(await getDb().link.count({ where: { userId: owner.user.id } })).toBe(5);
  });
});
