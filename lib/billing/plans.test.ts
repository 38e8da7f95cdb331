import { describe, expect, it } from "vitest";
import {
  addCalendarMonth,
  addProMonth,
  ALL_FREQUENCIES,
  entitlements,
  FREE_FREQUENCIES,
  isInTrial,
  isPro,
  type PlanUser,
  proEndsAt,
  TRIAL_DAYS,
  trialDaysLeft,
} from "./plans";

const DAY = 86_400_000;
const now = new Date("2026-03-10T12:00:00.000Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

const freeAfterTrial: PlanUser = { trialEndsAt: at(-DAY), proUntil: null };

describe("constants", () => {
  it("match the product's plans and limits", () => {
    expect(TRIAL_DAYS).toBe(14);
    expect([...ALL_FREQUENCIES]).toEqual(["daily", "weekly", "custom", "none"]);
    expect([...FREE_FREQUENCIES]).toEqual(["weekly", "none"]);
  });
});

describe("trial edges", () => {
  it.each([
    { label: "1 ms before its end", offset: 1, running: true },
    { label: "at its end", offset: 0, running: false },
    { label: "1 ms after its end", offset: -1, running: false },
  ])("$label: trial running $running", ({ offset, running }) => {
    const user: PlanUser = { trialEndsAt: at(offset), proUntil: null };
    expect(isInTrial(user, now)).toBe(running);
    expect(isPro(user, now)).toBe(false);
    const e = entitlements(user, now, true);
    expect(e.inTrial).toBe(running);
    expect(e.fullAccess).toBe(running);
    expect(e.accountType).toBe("free");
  });

  it("has no trial without an end date", () => {
    const user: PlanUser = { trialEndsAt: null, proUntil: null };
    expect(isInTrial(user, now)).toBe(false);
    expect(entitlements(user, now, true).fullAccess).toBe(false);
  });

  it("gives every Pro entitlement during the trial, without the Pro account type", () => {
    const e = entitlements({ trialEndsAt: at(7 * DAY), proUntil: null }, now, true);
    expect(e).toEqual({
      accountType: "free",
      inTrial: true,
      fullAccess: true,
      dailyLinkLimit: null,
      dailyManualDigestLimit: null,
      frequencies: ALL_FREQUENCIES,
      renewableInvites: true,
    });
  });
});

describe("pro edges", () => {
  it.each([
    { label: "1 ms before proUntil", offset: 1, pro: true },
    { label: "at proUntil", offset: 0, pro: false },
    { label: "1 ms after proUntil", offset: -1, pro: false },
  ])("$label: Pro $pro", ({ offset, pro }) => {
    const user: PlanUser = { trialEndsAt: at(-30 * DAY), proUntil: at(offset) };
    expect(isPro(user, now)).toBe(pro);
    const e = entitlements(user, now, true);
    expect(e.accountType).toBe(pro ? "pro" : "free");
    expect(e.fullAccess).toBe(pro);
    expect(e.renewableInvites).toBe(pro);
  });

  it("is Pro, not in trial, when both are running", () => {
    const user: PlanUser = { trialEndsAt: at(5 * DAY), proUntil: at(30 * DAY) };
    expect(isPro(user, now)).toBe(true);
    expect(isInTrial(user, now)).toBe(false);
    expect(entitlements(user, now, true)).toMatchObject({ accountType: "pro", inTrial: false, fullAccess: true });
  });

  it("falls back into a trial that is still running when Pro ends first", () => {
    const user: PlanUser = { trialEndsAt: at(5 * DAY), proUntil: at(-DAY) };
    expect(entitlements(user, now, true)).toMatchObject({ accountType: "free", inTrial: true, fullAccess: true });
  });
});

describe("limits", () => {
  it("apply to a free account after the trial when billing is enabled", () => {
    expect(entitlements(freeAfterTrial, now, true)).toEqual({
      accountType: "free",
      inTrial: false,
      fullAccess: false,
      dailyLinkLimit: 1,
      dailyManualDigestLimit: 1,
      frequencies: FREE_FREQUENCIES,
      renewableInvites: false,
    });
  });

  it("are lifted for Pro", () => {
    const e = entitlements({ trialEndsAt: null, proUntil: at(DAY) }, now, true);
    expect(e.dailyLinkLimit).toBeNull();
    expect(e.dailyManualDigestLimit).toBeNull();
    expect(e.frequencies).toEqual(ALL_FREQUENCIES);
    expect(e.renewableInvites).toBe(true);
  });

  it("are all lifted while billing is off: every feature remains available", () => {
    const e = entitlements(freeAfterTrial, now, false);
    expect(e).toEqual({
      accountType: "free",
      inTrial: false,
      fullAccess: true,
      dailyLinkLimit: null,
      dailyManualDigestLimit: null,
      frequencies: ALL_FREQUENCIES,
      renewableInvites: true,
    });
  });

  it("keep the account type and trial state truthful while billing is off", () => {
    expect(entitlements({ trialEndsAt: at(DAY), proUntil: null }, now, false)).toMatchObject({
      accountType: "free",
      inTrial: true,
    });
    expect(entitlements({ trialEndsAt: null, proUntil: at(DAY) }, now, false)).toMatchObject({
      accountType: "pro",
      inTrial: false,
    });
  });
});

describe("trialDaysLeft", () => {
  it.each([
    { label: "14 days ahead", offset: 14 * DAY, expected: 14 },
    { label: "13 days and 1 ms ahead", offset: 13 * DAY + 1, expected: 14 },
    { label: "exactly 1 day ahead", offset: DAY, expected: 1 },
    { label: "1 ms ahead", offset: 1, expected: 1 },
    { label: "23 hours ahead", offset: 23 * 3_600_000, expected: 1 },
    { label: "1 day and 1 ms ahead", offset: DAY + 1, expected: 2 },
    { label: "at the end", offset: 0, expected: 0 },
    { label: "1 ms past the end", offset: -1, expected: 0 },
    { label: "10 days past the end", offset: -10 * DAY, expected: 0 },
  ])("$label gives $expected", ({ offset, expected }) => {
    // toBe uses Object.is, so a -0 from rounding a negative fraction up would fail here.
    expect(trialDaysLeft(at(offset), now)).toBe(expected);
  });
});

describe("Pro from a Stripe subscription", () => {
  const subscribed = (status: string | null, periodEnd: Date | null): PlanUser => ({
    trialEndsAt: at(-30 * DAY),
    proUntil: null,
    stripeSubscriptionStatus: status,
    stripeCurrentPeriodEnd: periodEnd,
  });

  it.each([
    { status: "active", pro: true },
    { status: "trialing", pro: true },
    // Stripe is still retrying the renewal: Pro until the paid period ends.
    { status: "past_due", pro: true },
    { status: "canceled", pro: false },
    { status: "unpaid", pro: false },
    { status: "incomplete", pro: false },
    { status: "incomplete_expired", pro: false },
    { status: "paused", pro: false },
  ])("a $status subscription with a period ahead: Pro $pro", ({ status, pro }) => {
    const user = subscribed(status, at(300 * DAY));
    expect(isPro(user, now)).toBe(pro);
    expect(entitlements(user, now, true).accountType).toBe(pro ? "pro" : "free");
  });

  it.each([
    { label: "1 ms before the period end", offset: 1, pro: true },
    { label: "at the period end", offset: 0, pro: false },
    { label: "1 ms after the period end", offset: -1, pro: false },
  ])("an active subscription $label: Pro $pro", ({ offset, pro }) => {
    expect(isPro(subscribed("active", at(offset)), now)).toBe(pro);
  });

  it("is not Pro with a status but no period end, or a period end but no status", () => {
    expect(isPro(subscribed("active", null), now)).toBe(false);
    expect(isPro(subscribed(null, at(DAY)), now)).toBe(false);
  });

  it("is Pro from invitation time even when the subscription has ended", () => {
    const user: PlanUser = { ...subscribed("canceled", at(-DAY)), proUntil: at(DAY) };
    expect(isPro(user, now)).toBe(true);
  });

  it("leaves the trial while subscribed", () => {
    const user: PlanUser = { ...subscribed("active", at(DAY)), trialEndsAt: at(5 * DAY) };
    expect(entitlements(user, now, true)).toMatchObject({ accountType: "pro", inTrial: false, fullAccess: true });
  });
});

describe("proEndsAt", () => {
  it.each([
    { label: "neither source", user: { trialEndsAt: null, proUntil: null }, expected: null },
    { label: "invitation time only", user: { trialEndsAt: null, proUntil: at(DAY) }, expected: at(DAY) },
    {
      label: "a subscription only",
      user: { trialEndsAt: null, proUntil: null, stripeSubscriptionStatus: "active", stripeCurrentPeriodEnd: at(DAY) },
      expected: at(DAY),
    },
    {
      label: "both, the subscription later",
      user: {
        trialEndsAt: null,
        proUntil: at(DAY),
        stripeSubscriptionStatus: "past_due",
        stripeCurrentPeriodEnd: at(9 * DAY),
      },
      expected: at(9 * DAY),
    },
    {
      label: "both, the invitation time later",
      user: {
        trialEndsAt: null,
        proUntil: at(40 * DAY),
        stripeSubscriptionStatus: "active",
        stripeCurrentPeriodEnd: at(9 * DAY),
      },
      expected: at(40 * DAY),
    },
    {
      label: "a canceled subscription (its period no longer counts)",
      user: {
        trialEndsAt: null,
        proUntil: null,
        stripeSubscriptionStatus: "canceled",
        stripeCurrentPeriodEnd: at(9 * DAY),
      },
      expected: null,
    },
    {
      label: "invitation time that has passed (shown as expired)",
      user: { trialEndsAt: null, proUntil: at(-DAY) },
      expected: at(-DAY),
    },
  ])("$label", ({ user, expected }) => {
    expect(proEndsAt(user)).toEqual(expected);
  });
});

describe("addCalendarMonth (UTC)", () => {
  it.each([
    { from: "2026-03-10T12:00:00.000Z", to: "2026-04-10T12:00:00.000Z" },
    { from: "2027-01-31T08:30:00.000Z", to: "2027-02-28T08:30:00.000Z" },
    { from: "2028-01-31T08:30:00.000Z", to: "2028-02-29T08:30:00.000Z" },
    { from: "2028-01-29T00:00:00.000Z", to: "2028-02-29T00:00:00.000Z" },
    { from: "2028-02-29T23:59:59.999Z", to: "2028-03-29T23:59:59.999Z" },
    { from: "2100-01-31T00:00:00.000Z", to: "2100-02-28T00:00:00.000Z" },
    { from: "2000-01-31T00:00:00.000Z", to: "2000-02-29T00:00:00.000Z" },
    { from: "2026-03-31T10:00:00.000Z", to: "2026-04-30T10:00:00.000Z" },
    { from: "2026-05-31T10:00:00.000Z", to: "2026-06-30T10:00:00.000Z" },
    { from: "2026-08-31T10:00:00.000Z", to: "2026-09-30T10:00:00.000Z" },
    { from: "2026-12-31T23:00:00.000Z", to: "2027-01-31T23:00:00.000Z" },
    { from: "2026-12-15T00:00:00.000Z", to: "2027-01-15T00:00:00.000Z" },
  ])("$from + 1 month = $to", ({ from, to }) => {
    expect(addCalendarMonth(new Date(from)).toISOString()).toBe(to);
  });

  it("does not change its argument", () => {
    const date = new Date("2027-01-31T00:00:00.000Z");
    addCalendarMonth(date);
    expect(date.toISOString()).toBe("2027-01-31T00:00:00.000Z");
  });
});

describe("addProMonth", () => {
  const start = new Date("2027-01-31T09:00:00.000Z");

  it("starts from now without Pro time", () => {
    expect(addProMonth({ trialEndsAt: null, proUntil: null }, start).toISOString()).toBe("2027-02-28T09:00:00.000Z");
  });

  it("starts from now when earlier Pro time has passed", () => {
    const user = { trialEndsAt: null, proUntil: new Date("2026-12-01T00:00:00.000Z") };
    expect(addProMonth(user, start).toISOString()).toBe("2027-02-28T09:00:00.000Z");
  });

  it("extends Pro time that is still running", () => {
    const user = { trialEndsAt: null, proUntil: new Date("2028-01-31T00:00:00.000Z") };
    expect(addProMonth(user, start).toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });

  it("stacks two rewards month after month", () => {
    const once = addProMonth({ trialEndsAt: null, proUntil: null }, start);
    const twice = addProMonth({ trialEndsAt: null, proUntil: once }, start);
    expect(twice.toISOString()).toBe("2027-03-28T09:00:00.000Z");
  });

  it("starts after a paid subscription period that ends later", () => {
    const user = {
      trialEndsAt: null,
      proUntil: new Date("2027-02-10T00:00:00.000Z"),
      stripeSubscriptionStatus: "active",
      stripeCurrentPeriodEnd: new Date("2027-08-31T12:00:00.000Z"),
    };
    expect(addProMonth(user, start).toISOString()).toBe("2027-09-30T12:00:00.000Z");
  });

  it("ignores the period of a canceled subscription", () => {
    const user = {
      trialEndsAt: null,
      proUntil: null,
      stripeSubscriptionStatus: "canceled",
      stripeCurrentPeriodEnd: new Date("2027-08-31T12:00:00.000Z"),
    };
    expect(addProMonth(user, start).toISOString()).toBe("2027-02-28T09:00:00.000Z");
  });

  it("ignores the trial: a reward is Pro time, the trial is not", () => {
    const user = { trialEndsAt: new Date("2027-02-10T00:00:00.000Z"), proUntil: null };
    expect(addProMonth(user, start).toISOString()).toBe("2027-02-28T09:00:00.000Z");
  });
});
