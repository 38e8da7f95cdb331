import { describe, expect, it } from "vitest";
import {
  ALL_FREQUENCIES,
  entitlements,
  FREE_FREQUENCIES,
  isInTrial,
  isPro,
  type PlanUser,
  TRIAL_DAYS,
  trialDaysLeft,
} from "./plans";

const DAY = 86_400_000;
const now = new Date("2026-03-10T12:00:00.000Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

const freeAfterTrial: PlanUser = { trialEndsAt: at(-DAY), proUntil: null };

describe("constants", () => {
  it("match SPEC §9 and DESIGN §3", () => {
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

  it("are all lifted while billing is off (DESIGN §3: every feature remains available)", () => {
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
    expect(entitlements({ trialEndsAt: at(DAY), proUntil: null }, now, false)).toMatchObject({ accountType: "free", inTrial: true });
    expect(entitlements({ trialEndsAt: null, proUntil: at(DAY) }, now, false)).toMatchObject({ accountType: "pro", inTrial: false });
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
