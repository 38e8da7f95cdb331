import { describe, expect, it } from "vitest";
import { GET as history } from "@/app/api/links/history/route";
import { GET as today } from "@/app/api/links/today/route";
import { getDb } from "@/lib/db/client";
import { localDateKey, localDayBounds } from "@/lib/time/local-day";
import { DAY_TOTALS_HEADER, parseDayTotals } from "@/lib/links/day-totals";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// Pages of 50, a Link header to the next page, and each day's true total in X-Day-Totals
// (decision 0182), for today's list and the history, with the history's filters.

type Route = (req: Request) => Promise<Response>;
type Page = { ids: string[]; next: string | null; totals: Map<string, number> };

async function readPage(route: Route, path: string, cookie: string): Promise<Page> {
  const res = await route(apiRequest("GET", path, { cookie }));
  expect(res.status).toBe(200);
  const links: { id: string }[] = await res.json();
  return {
    ids: links.map((link) => link.id),
    next: res.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1] ?? null,
    totals: parseDayTotals(res.headers.get(DAY_TOTALS_HEADER)),
  };
}

async function readAll(route: Route, path: string, cookie: string): Promise<Page[]> {
  const pages: Page[] = [];
  for (let next: string | null = path; next;) {
    const page = await readPage(route, next, cookie);
    pages.push(page);
    next = page.next;
  }
  return pages;
}

// Kiritimati is UTC+14, so its local days are not UTC's: 2026-03-10 there runs from
// 2026-03-09T10:00Z to 2026-03-10T10:00Z.
const ZONE = "Pacific/Kiritimati";
const DAY_START = Date.parse("2026-03-09T10:00:00.000Z");

/**
 * 120 links on local day 2026-03-10 (every 3rd "News", every 4th read, every 5th titled "needle"),
 * and 3 read ones the day before, which no filter below matches.
 */
async function seedHistory(userId: string) {
  await getDb().link.createMany({
    data: [
      ...Array.from({ length: 120 }, (_, i) => ({
        userId,
        url: `https://day.example.test/${i}`,
        title: i % 5 === 0 ? `A needle ${i}` : `Hay ${i}`,
        categories: i % 3 === 0 ? ["News"] : ["Work"],
        category: i % 3 === 0 ? "News" : "Work",
        readAt: i % 4 === 0 ? new Date(DAY_START + 3 * 3_600_000) : null,
        createdAt: new Date(DAY_START + i * 60_000),
      })),
      ...[1, 2, 3].map((i) => ({
        userId,
        url: `https://eve.example.test/${i}`,
        readAt: new Date(DAY_START),
        createdAt: new Date(DAY_START - i * 60_000),
      })),
    ],
  });
}

describe("GET /api/links/history day totals", () => {
  it("gives each day on a page its true total, and only the owner's links count", async () => {
    const { user, cookie } = await signedInUser({ timezone: ZONE });
    const other = await signedInUser({ timezone: ZONE });
    await seedHistory(user.id);
    await seedHistory(other.user.id);
    const pages = await readAll(history, "/api/links/history", cookie);
    expect(pages.map((page) => page.ids.length)).toEqual([50, 50, 23]);
    expect([...(pages[0]?.totals ?? [])]).toEqual([["2026-03-10", 120]]);
    expect([...(pages[1]?.totals ?? [])]).toEqual([["2026-03-10", 120]]);
    // The last page holds the day's oldest 20 links and the day before.
    expect([...(pages[2]?.totals ?? [])]).toEqual([
      ["2026-03-10", 120],
      ["2026-03-09", 3],
    ]);
  });

  it.each([
    ["category=news", 40],
    ["unread=1", 90],
    ["q=needle", 24],
    ["category=News&unread=1&q=needle", 6],
  ])("counts with the page's filters: %s", async (query, total) => {
    const { user, cookie } = await signedInUser({ timezone: ZONE });
    await seedHistory(user.id);
    const pages = await readAll(history, `/api/links/history?${query}`, cookie);
    expect(pages.flatMap((page) => page.ids)).toHaveLength(total);
    for (const page of pages) expect(page.totals.get("2026-03-10")).toBe(total);
    expect(pages.some((page) => page.totals.has("2026-03-09"))).toBe(false);
  });

  it.each([1, 2, 3, 4, 5, 7])(
    "gives true totals whether a page holds whole days or cuts one (%i a page)",
    async (limit) => {
      // Days of 1, 2, 3 and 2 links: pages of every size start and end inside days and on their edges.
      const { user, cookie } = await signedInUser({ timezone: ZONE });
      const perDay = [1, 2, 3, 2];
      await getDb().link.createMany({
        data: perDay.flatMap((count, day) =>
          Array.from({ length: count }, (_, i) => ({
            userId: user.id,
            url: `https://days.example.test/${day}/${i}`,
            createdAt: new Date(DAY_START - day * 86_400_000 + (i + 1) * 60_000),
          })),
        ),
      });
      const pages = await readAll(history, `/api/links/history?limit=${limit}`, cookie);
      const truth = new Map(
        perDay.map((count, day) => [localDateKey(ZONE, new Date(DAY_START - day * 86_400_000 + 60_000)), count]),
      );
      expect(pages.flatMap((page) => page.ids)).toHaveLength(8);
      for (const page of pages)
        for (const [key, total] of page.totals) expect([key, total]).toEqual([key, truth.get(key)]);
    },
  );

  it("sends no totals for an empty page", async () => {
    const { cookie } = await signedInUser();
    const res = await history(apiRequest("GET", "/api/links/history", { cookie }));
    expect(await res.json()).toEqual([]);
    expect(res.headers.get(DAY_TOTALS_HEADER)).toBeNull();
    expect(res.headers.get("link")).toBeNull();
  });
});

describe("GET /api/links/today paging", () => {
  it("answers the newest 50 of 120 links saved today, then the rest, with today's total on each page", async () => {
    const { user, cookie } = await signedInUser({ timezone: ZONE });
    const other = await signedInUser({ timezone: ZONE });
    const now = Date.now();
    const { start } = localDayBounds(ZONE, new Date(now));
    // Spread over the part of today that has passed (ties, right after midnight, are broken by id).
    const times = Array.from(
      { length: 120 },
      (_, i) => new Date(start.getTime() + Math.floor(((now - start.getTime()) * i) / 120)),
    );
    for (const userId of [user.id, other.user.id]) {
      await getDb().link.createMany({
        data: times.map((createdAt, i) => ({ userId, url: `https://today.example.test/${i}`, createdAt })),
      });
    }
    await getDb().link.create({
      data: { userId: user.id, url: "https://yesterday.example.test/", createdAt: new Date(start.getTime() - 1) },
    });
    const pages = await readAll(today, "/api/links/today", cookie);
    expect(pages.map((page) => page.ids.length)).toEqual([50, 50, 20]);
    const ids = pages.flatMap((page) => page.ids);
    expect(new Set(ids).size).toBe(120);
    const own = await getDb().link.findMany({
      where: { userId: user.id, createdAt: { gte: start } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(ids).toEqual(own.map((link) => link.id));
    const key = localDateKey(ZONE, new Date(now));
    for (const page of pages) expect([...page.totals]).toEqual([[key, 120]]);
  });

  it("honours limit and refuses one above 50", async () => {
    const { user, cookie } = await signedInUser();
    await getDb().link.createMany({
      data: [1, 2, 3].map((i) => ({ userId: user.id, url: `https://few.example.test/${i}` })),
    });
    const first = await readPage(today, "/api/links/today?limit=2", cookie);
    expect(first.ids).toHaveLength(2);
    expect(first.next).toMatch(/^\/api\/links\/today\?limit=2&cursor=/);
    expect((await readPage(today, first.next ?? "", cookie)).ids).toHaveLength(1);
    const refused = await today(apiRequest("GET", "/api/links/today?limit=51", { cookie }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: "validation_failed", message: "limit must be a number from 1 to 50" });
    expect((await today(apiRequest("GET", "/api/links/today?cursor=nonsense", { cookie }))).status).toBe(400);
  });
});
