import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Billing on: daily and custom schedules need Pro (or the trial).
  process.env.STRIPE_SECRET_KEY = "sk_test_settings";
});

const { PUT: saveSettings } = await import("@/app/api/user/settings/route");
const { getDb } = await import("@/lib/db/client");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");

const ended = () => ({ trialEndsAt: new Date(Date.now() - 86_400_000) });
const put = (cookie: string, json: unknown) => saveSettings(apiRequest("PUT", "/api/user/settings", { cookie, json }));

const daily = (email: string) => ({ email, emailFrequency: "daily", emailTime: 9 });
const custom = (email: string) => ({
  email,
  emailFrequency: "custom",
  emailDays: [1, 4],
  emailHours: { "1": 8, "4": 18 },
});

describe("email frequencies by plan with billing on", () => {
  it.each([
    ["daily", daily],
    ["custom", custom],
  ])("refuses %s to a free user after the trial with 403 and changes nothing", async (_name, payload) => {
    const { user, cookie } = await signedInUser({
      ...ended(),
      emailFrequency: "weekly",
      emailDays: [1],
      emailHours: { "1": 8 },
    });
    const res = await put(cookie, payload(user.email));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: "plan_limit",
      message: "Daily and custom schedules are Pro features. Upgrade to Pro to use them.",
    });
    expect(await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(user);
  });

  it("lets a free user after the trial choose weekly or none", async () => {
    const { user, cookie } = await signedInUser(ended());
    const weekly = await put(cookie, {
      email: user.email,
      emailFrequency: "weekly",
      emailDays: [5],
      emailHours: { "5": 7 },
    });
    expect(weekly.status).toBe(200);
    const afterWeekly = await getDb().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(afterWeekly).toMatchObject({ emailFrequency: "weekly", emailDays: [5] });
    expect(afterWeekly.nextDigestAt).not.toBeNull();
    const none = await put(cookie, { email: user.email, emailFrequency: "none" });
    expect(none.status).toBe(200);
    expect(await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      emailFrequency: "none",
      nextDigestAt: null,
    });
  });

  it("lets trial and Pro users choose daily and custom", async () => {
    const trial = await signedInUser();
    const pro = await signedInUser({ ...ended(), proUntil: new Date(Date.now() + 30 * 86_400_000) });
    for (const { user, cookie } of [trial, pro]) {
      expect((await put(cookie, daily(user.email))).status).toBe(200);
      expect((await put(cookie, custom(user.email))).status).toBe(200);
      expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).emailFrequency).toBe("custom");
    }
  });
});
