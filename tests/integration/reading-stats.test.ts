import { describe, expect, it } from "vitest";
import { GET as readingRoute } from "@/app/api/stats/reading/route";
import { PATCH as patchLink } from "@/app/api/links/[id]/route";
import { getDb } from "@/lib/db/client";
import { readingStats } from "@/lib/stats/reading";
import { apiRequest, createUser, routeParams, signedInUser } from "@/tests/support/factories";

// The reading figures: links saved and read per local week (Monday to Sunday), the last 12 weeks.

const AUCKLAND = "Pacific/Auckland";
// Friday 2026-11-27, 01:00 in Auckland (NZDT, UTC+13): still Thursday in UTC. The current local
// week began on Monday 2026-11-23 at 00:00 NZDT, 2026-11-22T11:00Z; the first of the 12 on Monday
// 2026-09-07 at 00:00 NZST (UTC+12, before summer time), 2026-09-06T12:00Z.
const NOW = new Date("2026-11-26T12:00:00Z");

async function addLink(userId: string, createdAt: string, readAt: string | null = null) {
  return getDb().link.create({
    data: { userId, url: `https://example.test/${createdAt}`, createdAt, readAt },
  });
}

describe("readingStats", () => {
  it("counts saves and reads by the user's local weeks, a read in the week it happened", async () => {
    const user = await createUser({ timezone: AUCKLAND });
    // Sunday 23:59:59.999 local: the week of November 16.
    await addLink(user.id, "2026-11-22T10:59:59.999Z");
    // Monday 00:00 local: this week, and read this week.
    await addLink(user.id, "2026-11-22T11:00:00.000Z", "2026-11-26T11:00:00.000Z");
    // Saved in the week of September 28, read in the week of November 16.
    await addLink(user.id, "2026-10-01T00:00:00.000Z", "2026-11-22T10:00:00.000Z");
    // Saved long before the 12 weeks, read at the first instant of the first of them.
    await addLink(user.id, "2026-01-01T00:00:00.000Z", "2026-09-06T12:00:00.000Z");
    // Saved just before the 12 weeks, never read: not counted.
    await addLink(user.id, "2026-09-06T11:59:59.999Z");

    const stranger = await createUser({ timezone: AUCKLAND });
    await addLink(stranger.id, "2026-11-24T00:00:00.000Z", "2026-11-24T01:00:00.000Z");

    const { weeks } = await readingStats(user, NOW);
    expect(weeks.map((week) => week.week)).toEqual([
      "2026-09-07",
      "2026-09-14",
      "2026-09-21",
      "2026-09-28",
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
    ]);
    const counted = weeks.filter((week) => week.saved > 0 || week.read > 0);
    expect(counted).toEqual([
      { week: "2026-09-07", saved: 0, read: 1 },
      { week: "2026-09-28", saved: 1, read: 0 },
      { week: "2026-11-16", saved: 1, read: 1 },
      { week: "2026-11-23", saved: 1, read: 1 },
    ]);
  });

  it("the same instants fall in other weeks for a user in UTC", async () => {
    const user = await createUser({ timezone: "UTC" });
    // Monday 00:00 in Auckland is Sunday 11:00 in UTC: the week before.
    await addLink(user.id, "2026-11-22T11:00:00.000Z");
    const { weeks } = await readingStats(user, NOW);
    expect(weeks.at(-1)).toEqual({ week: "2026-11-23", saved: 0, read: 0 });
    expect(weeks.at(-2)).toEqual({ week: "2026-11-16", saved: 1, read: 0 });
  });

  it("a link marked unread is no longer counted as read", async () => {
    const { user, cookie } = await signedInUser({ timezone: AUCKLAND });
    const link = await addLink(user.id, new Date().toISOString());
    const mark = (read: boolean) =>
      patchLink(apiRequest("PATCH", `/api/links/${link.id}`, { cookie, json: { read } }), routeParams({ id: link.id }));
    expect((await mark(true)).status).toBe(200);
    expect((await readingStats(user)).weeks.at(-1)).toMatchObject({ saved: 1, read: 1 });
    expect((await mark(false)).status).toBe(200);
    expect((await readingStats(user)).weeks.at(-1)).toMatchObject({ saved: 1, read: 0 });
  });

  it("a user without links gets 12 weeks of zeros", async () => {
    const user = await createUser({ timezone: AUCKLAND });
    const { weeks } = await readingStats(user, NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks.every((week) => week.saved === 0 && week.read === 0)).toBe(true);
  });
});

describe("GET /api/stats/reading", () => {
  it("answers the signed-in user's figures", async () => {
    const { user, cookie } = await signedInUser();
    await addLink(user.id, new Date().toISOString(), new Date().toISOString());
    const res = await readingRoute(apiRequest("GET", "/api/stats/reading", { cookie }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks.at(-1)).toMatchObject({ saved: 1, read: 1 });
  });

  it("is 401 signed out", async () => {
    const res = await readingRoute(apiRequest("GET", "/api/stats/reading"));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthenticated" });
  });
});
