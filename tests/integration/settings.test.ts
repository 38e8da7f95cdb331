import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { DELETE as deleteUser } from "@/app/api/user/route";
import { PUT as saveSettings } from "@/app/api/user/settings/route";
import { getDb } from "@/lib/db/client";
import { nextDigestAt, type DigestSchedule } from "@/lib/digests/schedule";
import { toUserResponse } from "@/lib/users/response";
import { env } from "@/lib/env";
import { apiRequest, createUser, signedInUser, signIn } from "@/tests/support/factories";

// Billing is off here (no STRIPE_SECRET_KEY): every frequency is open to everyone.
// settings-plan-limits.test.ts covers the free plan with billing on.

const put = (cookie: string | undefined, json: unknown, origin?: string | null) =>
  saveSettings(apiRequest("PUT", "/api/user/settings", { cookie, json, origin }));

const stored = (id: string) => getDb().user.findUniqueOrThrow({ where: { id } });

// Saturday 7 March 2026, 12:00 UTC: the night before the US switches to daylight saving time.
const NOW = new Date("2026-03-07T12:00:00Z");

describe("PUT /api/user/settings stores each frequency and schedules the next digest", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function expectNextDigest(id: string, schedule: DigestSchedule, timeZone: string, expected: string | null) {
    const user = await stored(id);
    const computed = nextDigestAt(schedule, user, timeZone, NOW, env.billingEnabled);
    expect(user.nextDigestAt).toEqual(computed);
    expect(user.nextDigestAt?.toISOString() ?? null).toBe(expected);
  }

  it("daily: the hour, the time zone, and tomorrow's send", async () => {
    const { user, cookie } = await signedInUser({ emailDays: [2], emailHours: { "2": 9 } });
    const res = await put(cookie, {
      email: user.email,
      emailFrequency: "daily",
      emailTime: 6,
      timezone: "Asia/Kolkata",
    });
    expect(res.status).toBe(200);
    const saved = await stored(user.id);
    expect(saved).toMatchObject({
      emailFrequency: "daily",
      emailTime: 6,
      emailDays: [],
      emailHours: {},
      timezone: "Asia/Kolkata",
    });
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(toUserResponse(saved, env.billingEnabled, NOW))));
    // 6:00 in Kolkata (UTC+05:30) has passed at 17:30 local: Sunday 8 March, 00:30 UTC.
    await expectNextDigest(
      user.id,
      { emailFrequency: "daily", emailTime: 6, emailDays: [], emailHours: {} },
      "Asia/Kolkata",
      "2026-03-08T00:30:00.000Z",
    );
  });

  it("weekly: one day (as an array or a bare number) and that day's hour only, across a DST change", async () => {
    const { user, cookie } = await signedInUser({ emailTime: 21 });
    const res = await put(cookie, {
      email: user.email,
      emailFrequency: "weekly",
      emailDays: [5],
      emailHours: { "5": 7, "2": 10 },
      timezone: "America/New_York",
    });
    expect(res.status).toBe(200);
    expect(await stored(user.id)).toMatchObject({
      emailFrequency: "weekly",
      emailTime: 21,
      emailDays: [5],
      emailHours: { "5": 7 },
    });
    // Friday 13 March 07:00 EDT (UTC-4 since the 8th).
    await expectNextDigest(
      user.id,
      { emailFrequency: "weekly", emailTime: 21, emailDays: [5], emailHours: { "5": 7 } },
      "America/New_York",
      "2026-03-13T11:00:00.000Z",
    );

    const bare = await put(cookie, {
      email: user.email,
      emailFrequency: "weekly",
      emailDays: 0,
      emailHours: { "0": 22 },
    });
    expect(bare.status).toBe(200);
    expect(await stored(user.id)).toMatchObject({
      emailDays: [0],
      emailHours: { "0": 22 },
      timezone: "America/New_York",
    });
    // Sunday 8 March 22:00 EDT.
    await expectNextDigest(
      user.id,
      { emailFrequency: "weekly", emailTime: 21, emailDays: [0], emailHours: { "0": 22 } },
      "America/New_York",
      "2026-03-09T02:00:00.000Z",
    );
  });

  it("custom: distinct days in week order with the hours of the selected days only", async () => {
    const { user, cookie } = await signedInUser({ timezone: "Europe/Berlin" });
    const res = await put(cookie, {
      email: user.email,
      emailFrequency: "custom",
      emailDays: [3, 1, 3],
      emailHours: { "1": 8, "3": 18, "6": 12 },
    });
    expect(res.status).toBe(200);
    const schedule: DigestSchedule = {
      emailFrequency: "custom",
      emailTime: 8,
      emailDays: [1, 3],
      emailHours: { "1": 8, "3": 18 },
    };
    expect(await stored(user.id)).toMatchObject({
      emailFrequency: "custom",
      emailDays: [1, 3],
      emailHours: { "1": 8, "3": 18 },
      timezone: "Europe/Berlin",
    });
    // Monday 9 March 08:00 CET.
    await expectNextDigest(user.id, schedule, "Europe/Berlin", "2026-03-09T07:00:00.000Z");
  });

  it("none: no next digest, the saved hours kept for later", async () => {
    const { user, cookie } = await signedInUser({
      emailFrequency: "custom",
      emailDays: [2],
      emailHours: { "2": 9 },
      nextDigestAt: new Date("2026-03-10T09:00:00Z"),
    });
    const res = await put(cookie, { email: user.email, emailFrequency: "none" });
    expect(res.status).toBe(200);
    const saved = await stored(user.id);
    expect(saved).toMatchObject({ emailFrequency: "none", emailDays: [2], emailHours: { "2": 9 }, nextDigestAt: null });
    expect((await res.json()).emailFrequency).toBe("none");
  });
});

describe("PUT /api/user/settings: the email address", () => {
  // The full rule (confirmation link, notices, sign-in) is in email-change.test.ts.
  it("keeps the address in use and makes a new one, normalised, pending", async () => {
    const verified = new Date("2026-01-01T00:00:00Z");
    const { user, cookie } = await signedInUser({ emailVerified: verified });
    const res = await put(cookie, { email: "  New.Address@Example.COM ", emailFrequency: "none" });
    expect(res.status).toBe(200);
    expect(await stored(user.id)).toMatchObject({
      email: user.email,
      emailVerified: verified,
      pendingEmail: "new.address@example.com",
      emailFrequency: "none",
    });
  });

  it("keeps the verification when the address does not change", async () => {
    const verified = new Date("2026-01-01T00:00:00Z");
    const { user, cookie } = await signedInUser({ emailVerified: verified });
    expect((await put(cookie, { email: user.email.toUpperCase(), emailFrequency: "none" })).status).toBe(200);
    expect(await stored(user.id)).toMatchObject({ emailVerified: verified, pendingEmail: null });
  });

  it("answers an address of another account as any other, and changes neither account's address", async () => {
    const other = await createUser();
    const { user, cookie } = await signedInUser({ emailFrequency: "weekly", emailDays: [1], emailHours: { "1": 8 } });
    const res = await put(cookie, { email: other.email, emailFrequency: "daily", emailTime: 9 });
    expect(res.status).toBe(200);
    expect(await stored(user.id)).toMatchObject({ email: user.email, pendingEmail: other.email, emailTime: 9 });
    expect(await stored(other.id)).toEqual(other);
  });
});

describe("PUT /api/user/settings refuses bad input with the product's messages", () => {
  const email = "valid@example.com";
  it.each([
    ["a malformed email", { email: "nope", emailFrequency: "none" }, "Please enter a valid email address"],
    ["a missing email", { emailFrequency: "none" }, "Please enter a valid email address"],
    ["a missing frequency", { email }, "Please select an email frequency"],
    ["an unknown frequency", { email, emailFrequency: "hourly" }, "Please select an email frequency"],
    ["daily without an hour", { email, emailFrequency: "daily" }, "Please select a time"],
    ["daily at hour 24", { email, emailFrequency: "daily", emailTime: 24 }, "Please select a time"],
    ["daily at a fractional hour", { email, emailFrequency: "daily", emailTime: 7.5 }, "Please select a time"],
    ["daily with the hour as text", { email, emailFrequency: "daily", emailTime: "20" }, "Please select a time"],
    ["weekly without a day", { email, emailFrequency: "weekly", emailHours: { "1": 8 } }, "Please select a day"],
    ["weekly with no day", { email, emailFrequency: "weekly", emailDays: [], emailHours: {} }, "Please select a day"],
    [
      "weekly with two days",
      { email, emailFrequency: "weekly", emailDays: [1, 2], emailHours: { "1": 8, "2": 8 } },
      "Please select a day",
    ],
    [
      "weekly on day 7",
      { email, emailFrequency: "weekly", emailDays: 7, emailHours: { "7": 8 } },
      "Please select a day",
    ],
    ["weekly without hours", { email, emailFrequency: "weekly", emailDays: [1] }, "Please select a time"],
    [
      "weekly without the day's hour",
      { email, emailFrequency: "weekly", emailDays: [1], emailHours: { "2": 8 } },
      "Please select a time",
    ],
    [
      "weekly at hour 25",
      { email, emailFrequency: "weekly", emailDays: [1], emailHours: { "1": 25 } },
      "Please select a time",
    ],
    [
      "an hour keyed by a non-day",
      { email, emailFrequency: "weekly", emailDays: [1], emailHours: { "1": 8, "9": 8 } },
      "Please select a day",
    ],
    ["custom without days", { email, emailFrequency: "custom", emailHours: {} }, "Please select at least one day"],
    [
      "custom with no day",
      { email, emailFrequency: "custom", emailDays: [], emailHours: {} },
      "Please select at least one day",
    ],
    [
      "custom on day -1",
      { email, emailFrequency: "custom", emailDays: [-1], emailHours: { "-1": 8 } },
      "Please select a day",
    ],
    [
      "custom missing a day's hour",
      { email, emailFrequency: "custom", emailDays: [1, 4], emailHours: { "1": 8 } },
      "Please select a time",
    ],
    [
      "an unknown time zone",
      { email, emailFrequency: "none", timezone: "Mars/Olympus_Mons" },
      "Please select a valid time zone",
    ],
  ])("refuses %s and leaves the user untouched", async (_case, json, message) => {
    const { user, cookie } = await signedInUser();
    const res = await put(cookie, json);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message });
    expect(await stored(user.id)).toEqual(user);
  });

  it("refuses a body that is not JSON", async () => {
    const { cookie } = await signedInUser();
    const res = await saveSettings(
      apiRequest("PUT", "/api/user/settings", {
        cookie,
        body: "emailFrequency=none",
        headers: { "content-type": "text/plain" },
      }),
    );
    expect(res.status).toBe(400);
  });
});

describe("PUT /api/user/settings: access", () => {
  it("lets a user past the trial choose daily while billing is off", async () => {
    const { user, cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() - 86_400_000) });
    const res = await put(cookie, { email: user.email, emailFrequency: "daily", emailTime: 8 });
    expect(res.status).toBe(200);
    expect((await stored(user.id)).emailFrequency).toBe("daily");
  });

  it("answers 401 when signed out", async () => {
    const res = await put(undefined, { email: "a@example.com", emailFrequency: "none" });
    expect(res.status).toBe(401);
  });

  it("refuses a cross-origin or origin-less request with 403 and changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const json = { email: user.email, emailFrequency: "none" };
    expect((await put(cookie, json, "https://evil.example")).status).toBe(403);
    expect((await put(cookie, json, null)).status).toBe(403);
    expect(await stored(user.id)).toEqual(user);
  });
});

describe("DELETE /api/user", () => {
  async function populate() {
    const { user, cookie } = await signedInUser();
    const db = getDb();
    await db.link.create({ data: { userId: user.id, url: "https://example.test/a" } });
    await db.category.create({ data: { userId: user.id, name: "Recipes", nameKey: "recipes" } });
    await db.account.create({
      data: { userId: user.id, type: "oauth", provider: "github", providerAccountId: `gh-${user.id}` },
    });
    await db.invitation.create({ data: { inviterId: user.id, code: `code-${user.id}` } });
    await db.digestDelivery.create({ data: { userId: user.id, kind: "manual", windowEnd: new Date() } });
    await db.verificationToken.create({
      data: { identifier: user.email, token: `token-${user.id}`, expires: new Date(Date.now() + 60_000) },
    });
    return { user, cookie };
  }

  async function rowsOf(userId: string, email: string) {
    const db = getDb();
    return {
      users: await db.user.count({ where: { id: userId } }),
      links: await db.link.count({ where: { userId } }),
      categories: await db.category.count({ where: { userId } }),
      sessions: await db.session.count({ where: { userId } }),
      accounts: await db.account.count({ where: { userId } }),
      invitations: await db.invitation.count({ where: { inviterId: userId } }),
      deliveries: await db.digestDelivery.count({ where: { userId } }),
      tokens: await db.verificationToken.count({ where: { identifier: email } }),
    };
  }

  it("deletes every row of the user, signs out every session, and leaves other users alone", async () => {
    const { user, cookie } = await populate();
    const otherDevice = await signIn(user);
    const other = await populate();
    // An invitation of the other user that this user claimed stays used, without its claimer.
    const claimed = await getDb().invitation.create({
      data: {
        inviterId: other.user.id,
        code: `claimed-${user.id}`,
        status: "used",
        recipientId: user.id,
        usedAt: new Date(),
      },
    });
    const otherBefore = await rowsOf(other.user.id, other.user.email);

    const res = await deleteUser(apiRequest("DELETE", "/api/user", { cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });

    expect(await rowsOf(user.id, user.email)).toEqual({
      users: 0,
      links: 0,
      categories: 0,
      sessions: 0,
      accounts: 0,
      invitations: 0,
      deliveries: 0,
      tokens: 0,
    });
    expect(await rowsOf(other.user.id, other.user.email)).toEqual(otherBefore);
    expect(await getDb().invitation.findUniqueOrThrow({ where: { id: claimed.id } })).toMatchObject({
      status: "used",
      recipientId: null,
    });

    for (const session of [cookie, otherDevice]) {
      expect((await currentUser(apiRequest("GET", "/api/auth/user", { cookie: session }))).status).toBe(401);
    }
    const again = await deleteUser(apiRequest("DELETE", "/api/user", { cookie }));
    expect(again.status).toBe(401);
    expect((await currentUser(apiRequest("GET", "/api/auth/user", { cookie: other.cookie }))).status).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    const res = await deleteUser(apiRequest("DELETE", "/api/user"));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "unauthenticated", message: expect.any(String) });
  });

  it("refuses a cross-origin request with 403 and deletes nothing", async () => {
    const { user, cookie } = await populate();
    const res = await deleteUser(apiRequest("DELETE", "/api/user", { cookie, origin: "https://evil.example" }));
    expect(res.status).toBe(403);
    expect((await rowsOf(user.id, user.email)).users).toBe(1);
  });
});
