import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PATCH as patchLinkRoute } from "@/app/api/links/[id]/route";
import { GET as backTodayRoute } from "@/app/api/links/back-today/route";
import { GET as historyRoute } from "@/app/api/links/history/route";
import { POST as saveLinkRoute } from "@/app/api/links/route";
import { GET as todayRoute } from "@/app/api/links/today/route";
import { GET as currentUserRoute } from "@/app/api/auth/user/route";
import { PUT as saveSettingsRoute } from "@/app/api/user/settings/route";
import { findReaderLink } from "@/lib/articles/service";
import { getDb } from "@/lib/db/client";
import { listBackToday } from "@/lib/links/service";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

// "Remind me" (docs/product.md): the reminder day through PATCH /api/links/{id}, in every link JSON,
// "Back today", what clears a reminder, the first open in the reader, and the digest settings.

// Thursday 26 November 2026, 20:00 UTC: Friday the 27th, 09:00 in Auckland; Thursday the 26th,
// 12:00 in Los Angeles.
const NOW = new Date("2026-11-26T20:00:00Z");
const AUCKLAND = "Pacific/Auckland";
const LOS_ANGELES = "America/Los_Angeles";

const patch = (cookie: string | undefined, id: string, json: unknown) =>
  patchLinkRoute(apiRequest("PATCH", `/api/links/${id}`, { cookie, json }), routeParams({ id }));

const day = (key: string) => new Date(`${key}T00:00:00Z`);

async function ownerWithLink(timezone = LOS_ANGELES, link: { readAt?: Date; archivedAt?: Date; remindOn?: Date } = {}) {
  const owner = await signedInUser({ timezone });
  const saved = await getDb().link.create({
    data: { userId: owner.user.id, url: "https://remind.example/article", title: "An article", ...link },
  });
  return { ...owner, link: saved };
}

const stored = (id: string) => getDb().link.findUniqueOrThrow({ where: { id } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("PATCH /api/links/{id} with remindOn", () => {
  it("sets a day and answers the link with remindOn and archivedAt; null removes it", async () => {
    const { cookie, link } = await ownerWithLink();
    const res = await patch(cookie, link.id, { remindOn: "2026-12-05" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: link.id, remindOn: "2026-12-05", archivedAt: null, readAt: null });
    expect((await stored(link.id)).remindOn).toEqual(day("2026-12-05"));

    const removed = await patch(cookie, link.id, { remindOn: null });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ remindOn: null });
    expect((await stored(link.id)).remindOn).toBeNull();
  });

  it("takes today and five years ahead in the owner's zone, and refuses the day before and after", async () => {
    // In Auckland it is already the 27th: the 26th has passed there, not in Los Angeles.
    const auckland = await ownerWithLink(AUCKLAND);
    const losAngeles = await ownerWithLink(LOS_ANGELES);
    expect((await patch(losAngeles.cookie, losAngeles.link.id, { remindOn: "2026-11-26" })).status).toBe(200);
    const past = await patch(auckland.cookie, auckland.link.id, { remindOn: "2026-11-26" });
    expect(past.status).toBe(400);
    expect(await past.json()).toEqual({
      code: "validation_failed",
      message: "remindOn 2026-11-26 has passed: pick today (2026-11-27 in your time zone) or a later day",
    });
    expect((await patch(auckland.cookie, auckland.link.id, { remindOn: "2026-11-27" })).status).toBe(200);

    expect((await patch(auckland.cookie, auckland.link.id, { remindOn: "2031-11-27" })).status).toBe(200);
    const tooFar = await patch(auckland.cookie, auckland.link.id, { remindOn: "2031-11-28" });
    expect(tooFar.status).toBe(400);
    expect(await tooFar.json()).toEqual({
      code: "validation_failed",
      message: "remindOn can be at most 5 years ahead: 2031-11-27 or earlier",
    });
    expect((await stored(auckland.link.id)).remindOn).toEqual(day("2031-11-27"));
  });

  it.each([
    ["2026-02-30", "remindOn 2026-02-30 is not a day on the calendar"],
    ["2027-02-29", "remindOn 2027-02-29 is not a day on the calendar"],
    ["2026-12-5", 'remindOn must be a date written "YYYY-MM-DD", or null to remove the reminder'],
    ["tomorrow", 'remindOn must be a date written "YYYY-MM-DD", or null to remove the reminder'],
    ["2026-12-05T00:00:00Z", 'remindOn must be a date written "YYYY-MM-DD", or null to remove the reminder'],
    [20261205, 'remindOn must be a date written "YYYY-MM-DD", or null to remove the reminder'],
  ])("refuses %j with a clear message and changes nothing", async (remindOn, message) => {
    const { cookie, link } = await ownerWithLink(LOS_ANGELES, { remindOn: day("2026-12-01") });
    const res = await patch(cookie, link.id, { remindOn });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message });
    expect((await stored(link.id)).remindOn).toEqual(day("2026-12-01"));
  });

  it("refuses an empty change, and a reminder set while marking read or archiving", async () => {
    const { cookie, link } = await ownerWithLink();
    for (const json of [{}, null, [true], "x"]) {
      const res = await patch(cookie, link.id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json()).toEqual({
        code: "validation_failed",
        message:
          "Send read (true or false), remindOn (a date or null), archived (true or false) or favorite (true or false)",
      });
    }
    for (const json of [
      { remindOn: "2026-12-05", read: true },
      { remindOn: "2026-12-05", archived: true },
    ]) {
      const res = await patch(cookie, link.id, json);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^A reminder is for an unread link kept in your stash/);
    }
    const archived = await patch(cookie, link.id, { archived: "yes" });
    expect(await archived.json()).toEqual({ code: "validation_failed", message: "archived must be true or false" });
    expect(await stored(link.id)).toMatchObject({ remindOn: null, readAt: null, archivedAt: null });
  });

  it("answers 404 for another user's link and 401 signed out, changing nothing", async () => {
    const { link } = await ownerWithLink();
    const stranger = await signedInUser();
    const res = await patch(stranger.cookie, link.id, { remindOn: "2026-12-05" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: "Link not found" });
    expect((await patch(undefined, link.id, { remindOn: "2026-12-05" })).status).toBe(401);
    expect((await patch(stranger.cookie, link.id, { archived: true })).status).toBe(404);
    expect(await stored(link.id)).toMatchObject({ remindOn: null, archivedAt: null });
  });
});

describe("what a reminder means for read and archived", () => {
  it("marking the link read or archiving it removes its reminder; marking unread does not bring it back", async () => {
    const { cookie, link } = await ownerWithLink(LOS_ANGELES, { remindOn: day("2026-12-05") });
    const read = await patch(cookie, link.id, { read: true });
    expect(await read.json()).toMatchObject({ remindOn: null, readAt: NOW.toISOString() });
    await patch(cookie, link.id, { read: false });
    expect(await stored(link.id)).toMatchObject({ remindOn: null, readAt: null });

    await patch(cookie, link.id, { remindOn: "2026-12-05" });
    const archived = await patch(cookie, link.id, { archived: true });
    expect(await archived.json()).toMatchObject({ remindOn: null, archivedAt: NOW.toISOString() });
    // Archiving again keeps the first time; unarchiving clears it.
    vi.setSystemTime(new Date(NOW.getTime() + 60_000));
    expect(await (await patch(cookie, link.id, { archived: true })).json()).toMatchObject({
      archivedAt: NOW.toISOString(),
    });
    expect(await (await patch(cookie, link.id, { archived: false })).json()).toMatchObject({ archivedAt: null });
  });

  it("setting a reminder on a read or archived link makes it unread and takes it out of the archive", async () => {
    const { cookie, link } = await ownerWithLink(LOS_ANGELES, { readAt: NOW, archivedAt: NOW });
    const res = await patch(cookie, link.id, { remindOn: "2026-11-30" });
    expect(await res.json()).toMatchObject({ remindOn: "2026-11-30", readAt: null, archivedAt: null });
  });
});

describe("every link JSON carries remindOn and archivedAt", () => {
  it("today's list, the history, a search and a save", async () => {
    const { cookie } = await signedInUser({ timezone: LOS_ANGELES });
    const saved = await saveLinkRoute(
      apiRequest("POST", "/api/links", { cookie, json: { url: "fields.example/one" } }),
    );
    const { link } = await saved.json();
    expect(link).toMatchObject({ remindOn: null, archivedAt: null });
    await getDb().link.update({ where: { id: link.id }, data: { remindOn: day("2026-12-24"), archivedAt: NOW } });
    const expected = { id: link.id, remindOn: "2026-12-24", archivedAt: NOW.toISOString() };
    for (const [route, path] of [
      [todayRoute, "/api/links/today"],
      [historyRoute, "/api/links/history"],
      [historyRoute, "/api/links/history?q=fields"],
    ] as const) {
      const res = await route(apiRequest("GET", path, { cookie }));
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual([expect.objectContaining(expected)]);
    }
  });
});

describe("Back today", () => {
  it("the same instant: a reminder for the 27th is back in Auckland, not yet in Los Angeles", async () => {
    const auckland = await ownerWithLink(AUCKLAND, { remindOn: day("2026-11-27") });
    const losAngeles = await ownerWithLink(LOS_ANGELES, { remindOn: day("2026-11-27") });
    expect((await listBackToday(auckland.user, NOW)).map((link) => link.id)).toEqual([auckland.link.id]);
    expect(await listBackToday(losAngeles.user, NOW)).toEqual([]);
    // Los Angeles reaches the 27th at 08:00 UTC.
    expect((await listBackToday(losAngeles.user, new Date("2026-11-27T08:00:00Z"))).map((l) => l.id)).toEqual([
      losAngeles.link.id,
    ]);
    expect(await listBackToday(losAngeles.user, new Date("2026-11-27T07:59:59Z"))).toEqual([]);
  });

  it("lists the owner's due links only, earliest day first, not read, archived or someone else's", async () => {
    const { user, cookie } = await signedInUser({ timezone: LOS_ANGELES });
    const other = await signedInUser({ timezone: LOS_ANGELES });
    const make = (data: { remindOn?: Date; readAt?: Date; archivedAt?: Date }, userId = user.id, title = "") =>
      getDb().link.create({ data: { userId, url: `https://back.example/${title}`, title, ...data } });
    const today = await make({ remindOn: day("2026-11-26") }, user.id, "today");
    const overdue = await make({ remindOn: day("2026-11-20") }, user.id, "overdue");
    await make({ remindOn: day("2026-11-27") }, user.id, "tomorrow");
    await make({ remindOn: day("2026-11-26"), readAt: NOW }, user.id, "read");
    await make({ remindOn: day("2026-11-26"), archivedAt: NOW }, user.id, "archived");
    await make({}, user.id, "none");
    await make({ remindOn: day("2026-11-26") }, other.user.id, "theirs");

    const res = await backTodayRoute(apiRequest("GET", "/api/links/back-today", { cookie }));
    expect(res.status).toBe(200);
    const links: { id: string; remindOn: string }[] = await res.json();
    expect(links.map((link) => [link.id, link.remindOn])).toEqual([
      [overdue.id, "2026-11-20"],
      [today.id, "2026-11-26"],
    ]);
    expect((await backTodayRoute(apiRequest("GET", "/api/links/back-today"))).status).toBe(401);
  });

  it("a link leaves it when marked read, archived, or its reminder removed", async () => {
    const { user, cookie } = await signedInUser({ timezone: LOS_ANGELES });
    const links = await Promise.all(
      ["read", "archive", "remove"].map((title) =>
        getDb().link.create({
          data: { userId: user.id, url: `https://clear.example/${title}`, title, remindOn: day("2026-11-26") },
        }),
      ),
    );
    expect(await listBackToday(user, NOW)).toHaveLength(3);
    const [read, archive, remove] = links.map((link) => link.id);
    if (!read || !archive || !remove) throw new Error("links not created");
    await patch(cookie, read, { read: true });
    await patch(cookie, archive, { archived: true });
    await patch(cookie, remove, { remindOn: null });
    expect(await listBackToday(user, NOW)).toEqual([]);
  });
});

describe("the first open in the reader", () => {
  it("is recorded once, for the owner only", async () => {
    const { user, link } = await ownerWithLink();
    const stranger = await signedInUser();
    expect(await findReaderLink(stranger.user, link.id, NOW)).toBeNull();
    expect((await stored(link.id)).openedAt).toBeNull();
    expect(await findReaderLink(user, link.id, NOW)).not.toBeNull();
    expect((await stored(link.id)).openedAt).toEqual(NOW);
    await findReaderLink(user, link.id, new Date(NOW.getTime() + 86_400_000));
    expect((await stored(link.id)).openedAt).toEqual(NOW);
  });
});

describe("the digest settings for links coming back", () => {
  const put = (cookie: string, json: unknown) =>
    saveSettingsRoute(apiRequest("PUT", "/api/user/settings", { cookie, json }));
  const weekly = (email: string) => ({ email, emailFrequency: "weekly", emailDays: [1], emailHours: { "1": 9 } });

  it("start at 3 and on, are saved with any frequency, and are kept when a request leaves them out", async () => {
    const { user, cookie } = await signedInUser();
    const me = async () => (await currentUserRoute(apiRequest("GET", "/api/auth/user", { cookie }))).json();
    expect(await me()).toMatchObject({ rediscoverCount: 3, digestWithoutNewLinks: true });

    const res = await put(cookie, { ...weekly(user.email), rediscoverCount: 0, digestWithoutNewLinks: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ rediscoverCount: 0, digestWithoutNewLinks: false });
    expect(await put(cookie, { email: user.email, emailFrequency: "none", rediscoverCount: 5 })).toHaveProperty(
      "status",
      200,
    );
    expect(await me()).toMatchObject({ emailFrequency: "none", rediscoverCount: 5, digestWithoutNewLinks: false });
    expect((await put(cookie, weekly(user.email))).status).toBe(200);
    expect(await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      rediscoverCount: 5,
      digestWithoutNewLinks: false,
    });
  });

  it.each([-1, 6, 1.5, "3", null])("refuses rediscoverCount %j", async (rediscoverCount) => {
    const { user, cookie } = await signedInUser();
    const res = await put(cookie, { ...weekly(user.email), rediscoverCount });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "validation_failed",
      message: "Choose from 0 to 5 links from your stash",
    });
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).rediscoverCount).toBe(3);
  });
});
