// The owed page work (decision 0301): a burst of saves by one user used to start one fetch each, all
// at once, every page held in memory. Now a save only records the fetch as owed; a bounded runner
// takes rows newest first (decision 0376), one page per user at a time, within a per-user budget that
// defers (never drops) the rest and keeps a share for fresh work, and a claim left by a stopped
// process is taken again.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as readArticle, POST as refreshArticle } from "@/app/api/links/[id]/article/route";
import { POST as saveLink } from "@/app/api/links/route";
import {
  FRESH_PAGE_WORK_SECONDS,
  MAX_PAGE_WORK_ATTEMPTS,
  PAGE_FETCH_BACKLOG_BUDGET,
  PAGE_FETCH_BUDGET,
  PAGE_WORK_LEASE_SECONDS,
} from "@/lib/articles/page-work-limits";
import { claimPageWork, finishPageWork, owePageWork, releaseAllPageWorkClaims } from "@/lib/articles/queries";
import { drainPageWork } from "@/lib/articles/service";
import { getDb } from "@/lib/db/client";
import { hitRateLimit } from "@/lib/rate-limits/rate-limit";
import { apiRequest, PAGE_WORK_TEST_HOST, routeParams, signedInUser } from "@/tests/support/factories";

const origin = `http://${PAGE_WORK_TEST_HOST}`;
let server: Server;
/** The paths fetched, in order. */
const fetched: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    fetched.push(req.url ?? "");
    const name = (req.url ?? "/").slice(1);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>Page ${name}</title></head><body><article><h1>Page ${name}</h1>
      ${`<p>Some words about ${name}, enough of them to read as an article for the reader view. </p>`.repeat(30)}
      </article></body></html>`);
  });
  const [host, port] = PAGE_WORK_TEST_HOST.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function save(cookie: string, name: string): Promise<string> {
  const res = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: `${origin}/${name}` } }));
  expect(res.status).toBe(201);
  return (await res.json()).link.id;
}

async function title(id: string): Promise<string | null> {
  return (await getDb().link.findUniqueOrThrow({ where: { id } })).title;
}

function claim(claimedBy: string) {
  return claimPageWork(claimedBy, PAGE_WORK_LEASE_SECONDS, FRESH_PAGE_WORK_SECONDS);
}

function owed(id: string) {
  return getDb().pageWork.findUnique({ where: { linkId: id } });
}

/** Each test starts from an empty queue: rows an earlier test left (deferred ones) would be older. */
async function clearQueue(): Promise<void> {
  await getDb().pageWork.deleteMany({});
}

describe("a save", () => {
  it("records its page's fetch as owed and answers without fetching; the runner fetches it later", async () => {
    await clearQueue();
    const { cookie } = await signedInUser();
    fetched.length = 0;
    const id = await save(cookie, "owed");
    expect(fetched).toEqual([]);
    expect(await owed(id)).toMatchObject({ kind: "save", keepTitle: false, attempts: 0, claimedBy: null });
    await drainPageWork();
    expect(fetched).toEqual(["/owed"]);
    expect(await title(id)).toBe("Page owed");
    expect(await owed(id)).toBeNull();
  });

  it("with a title keeps it, and the owed row says so", async () => {
    await clearQueue();
    const { cookie } = await signedInUser();
    const res = await saveLink(
      apiRequest("POST", "/api/links", { cookie, json: { url: `${origin}/titled`, title: "Mine" } }),
    );
    const id: string = (await res.json()).link.id;
    expect(await owed(id)).toMatchObject({ kind: "save", keepTitle: true });
    await drainPageWork();
    expect(await title(id)).toBe("Mine");
    expect((await getDb().article.findUniqueOrThrow({ where: { linkId: id } })).status).toBe("ready");
  });
});

describe("claims", () => {
  it("take the newest first, one page per user at a time, never the same row twice", async () => {
    await clearQueue();
    const a = await signedInUser();
    const b = await signedInUser();
    const b1 = await save(b.cookie, "b1");
    const a1 = await save(a.cookie, "a1");
    const a2 = await save(a.cookie, "a2");
    const first = await claim("runner-1");
    expect(first?.linkId).toBe(a2);
    // a1 is newer than b1, but a's page is being fetched: b's turn.
    const second = await claim("runner-2");
    expect(second?.linkId).toBe(b1);
    expect(await claim("runner-1")).toBeNull();
    if (!first || !second) throw new Error("no claim");
    await finishPageWork(first, "runner-1");
    expect(await owed(a2)).toBeNull();
    expect((await claim("runner-1"))?.linkId).toBe(a1);
  });

  it("let another user's save through while one user's burst waits its turn", async () => {
    await clearQueue();
    const a = await signedInUser();
    const b = await signedInUser();
    await save(b.cookie, "other-user");
    for (let i = 0; i < 6; i += 1) await save(a.cookie, `burst-${i}`);
    fetched.length = 0;
    await drainPageWork();
    expect(fetched).toHaveLength(7);
    // Newest first would leave b last; one page per user at a time fetches b's second.
    expect(fetched.indexOf("/other-user")).toBeLessThanOrEqual(1);
    expect(fetched.filter((path) => path.startsWith("/burst-"))).toEqual(
      Array.from({ length: 6 }, (_, i) => `/burst-${5 - i}`),
    );
  });

  it("left by a stopped process are taken again once their lease has run out, not before", async () => {
    await clearQueue();
    const { cookie } = await signedInUser();
    const id = await save(cookie, "stalled");
    expect((await claim("dead-runner"))?.linkId).toBe(id);
    await drainPageWork();
    expect(await title(id)).toBeNull();
    expect(await owed(id)).toMatchObject({ claimedBy: "dead-runner", attempts: 1 });
    await getDb().pageWork.update({ where: { linkId: id }, data: { claimedUntil: new Date(Date.now() - 1000) } });
    await drainPageWork();
    expect(await title(id)).toBe("Page stalled");
    expect(await owed(id)).toBeNull();
  });

  it("are all freed at the embedded database's start (no other process can hold one)", async () => {
    await clearQueue();
    const { cookie } = await signedInUser();
    const id = await save(cookie, "restart");
    await claim("dead-runner");
    expect(await releaseAllPageWorkClaims()).toBe(1);
    await drainPageWork();
    expect(await title(id)).toBe("Page restart");
  });

  it(`give a row up as a failed fetch after ${MAX_PAGE_WORK_ATTEMPTS} runs that did not end`, async () => {
    await clearQueue();
    const { cookie } = await signedInUser();
    const id = await save(cookie, "poison");
    await getDb().pageWork.update({
      where: { linkId: id },
      data: { attempts: MAX_PAGE_WORK_ATTEMPTS, claimedBy: "dead-runner", claimedUntil: new Date(Date.now() - 1000) },
    });
    fetched.length = 0;
    await drainPageWork();
    expect(fetched).toEqual([]);
    expect(await owed(id)).toBeNull();
    expect(await getDb().article.findUniqueOrThrow({ where: { linkId: id } })).toMatchObject({
      status: "failed",
      failures: 1,
    });
  });

  it("keep a row asked for again while it ran (a refresh), to run once more", async () => {
    await clearQueue();
    const { user, cookie } = await signedInUser();
    const id = await save(cookie, "again");
    const job = await claim("runner-1");
    if (!job) throw new Error("no claim");
    await owePageWork({ id, userId: user.id }, "extract", { again: true });
    await finishPageWork(job, "runner-1");
    expect(await owed(id)).toMatchObject({ claimedBy: null, attempts: 0, requests: 2, kind: "save" });
    await drainPageWork();
    expect(await owed(id)).toBeNull();
  });
});

describe("the per-user page-fetch budget", () => {
  it("covers saves: over it, the link is saved and its fetch waits for the next window, not dropped", async () => {
    await clearQueue();
    const spender = await signedInUser();
    const other = await signedInUser();
    for (let i = 0; i < PAGE_FETCH_BUDGET.limit; i += 1) await hitRateLimit(PAGE_FETCH_BUDGET, spender.user.id);
    const deferred = await save(spender.cookie, "over-budget");
    const fine = await save(other.cookie, "within-budget");
    await drainPageWork();
    expect(await title(fine)).toBe("Page within-budget");
    expect(await title(deferred)).toBeNull();
    const row = await owed(deferred);
    expect(row).toMatchObject({ claimedBy: null, attempts: 0 });
    expect(row?.runAfter.getTime()).toBeGreaterThan(Date.now() + (PAGE_FETCH_BUDGET.windowSeconds - 60) * 1000);

    // The window passes.
    await getDb().rateLimit.deleteMany({ where: { key: { startsWith: PAGE_FETCH_BUDGET.name } } });
    await getDb().pageWork.update({ where: { linkId: deferred }, data: { runAfter: new Date(Date.now() - 1000) } });
    await drainPageWork();
    expect(await title(deferred)).toBe("Page over-budget");
  });

  it("counts the reader's first open and refreshes too", async () => {
    await clearQueue();
    const { user, cookie } = await signedInUser();
    const link = await getDb().link.create({ data: { userId: user.id, url: `${origin}/opened` } });
    const open = () =>
      readArticle(apiRequest("GET", `/api/links/${link.id}/article`, { cookie }), routeParams({ id: link.id }));
    expect(await (await open()).json()).toEqual({ status: "pending" });
    // Polled while pending: still one row.
    expect(await (await open()).json()).toEqual({ status: "pending" });
    expect(await getDb().pageWork.count({ where: { userId: user.id } })).toBe(1);
    await drainPageWork();
    expect((await (await open()).json()).status).toBe("ready");
    const refresh = await refreshArticle(
      apiRequest("POST", `/api/links/${link.id}/article`, { cookie }),
      routeParams({ id: link.id }),
    );
    expect(refresh.status).toBe(202);
    await drainPageWork();
    const budget = await getDb().rateLimit.findUniqueOrThrow({
      where: { key: `${PAGE_FETCH_BUDGET.name}:${user.id}` },
    });
    expect(budget.count).toBe(2);
  });
});

describe("fresh work first", () => {
  const BACKLOG = 100;

  it("a new save and the reader's open get their articles while a backlog over its share waits", async () => {
    await clearQueue();
    const { user, cookie } = await signedInUser();
    const backlog: string[] = [];
    for (let i = 0; i < BACKLOG; i += 1) backlog.push(await save(cookie, `backlog-${i}`));
    // The burst was saved a while ago: past the fresh window, in its own order.
    const rows = await getDb().pageWork.findMany({ where: { userId: user.id } });
    for (const row of rows) {
      await getDb().pageWork.update({
        where: { linkId: row.linkId },
        data: { createdAt: new Date(row.createdAt.getTime() - (FRESH_PAGE_WORK_SECONDS + 3600) * 1000) },
      });
    }

    fetched.length = 0;
    await drainPageWork();
    // The backlog spends its share of the budget, newest first, and the rest is deferred.
    const share = PAGE_FETCH_BACKLOG_BUDGET.limit;
    expect(share).toBeLessThan(PAGE_FETCH_BUDGET.limit);
    expect(fetched).toEqual(Array.from({ length: share }, (_, i) => `/backlog-${BACKLOG - 1 - i}`));
    const waiting = backlog.slice(0, BACKLOG - share);
    const deferred = await getDb().pageWork.findMany({ where: { userId: user.id } });
    expect(deferred.map((row) => row.linkId).sort()).toEqual([...waiting].sort());
    expect(deferred.every((row) => row.runAfter.getTime() > Date.now() && row.claimedBy === null)).toBe(true);

    // A save now: fetched at once from the reserve, while the backlog still waits.
    fetched.length = 0;
    const fresh = await save(cookie, "fresh");
    await drainPageWork();
    expect(fetched).toEqual(["/fresh"]);
    expect(await title(fresh)).toBe("Page fresh");
    expect((await getDb().article.findUniqueOrThrow({ where: { linkId: fresh } })).status).toBe("ready");
    expect(await getDb().pageWork.count({ where: { userId: user.id } })).toBe(waiting.length);
    expect(await getDb().article.count({ where: { linkId: { in: waiting } } })).toBe(0);

    // The reader opens a link of the backlog: it is no longer deferred with the rest.
    const [opened] = waiting;
    if (!opened) throw new Error("no backlog left");
    fetched.length = 0;
    const open = () =>
      readArticle(apiRequest("GET", `/api/links/${opened}/article`, { cookie }), routeParams({ id: opened }));
    expect(await (await open()).json()).toEqual({ status: "pending" });
    await drainPageWork();
    expect(fetched).toEqual(["/backlog-0"]);
    expect((await (await open()).json()).status).toBe("ready");
    expect(await getDb().pageWork.count({ where: { userId: user.id } })).toBe(waiting.length - 1);
  });

  it("still holds every fetch to the whole budget: fresh work over it waits for the next window", async () => {
    await clearQueue();
    const { user, cookie } = await signedInUser();
    for (let i = 0; i < PAGE_FETCH_BUDGET.limit; i += 1) await hitRateLimit(PAGE_FETCH_BUDGET, user.id);
    fetched.length = 0;
    const id = await save(cookie, "fresh-over");
    await drainPageWork();
    expect(fetched).toEqual([]);
    expect((await owed(id))?.runAfter.getTime()).toBeGreaterThan(Date.now());
  });
});
