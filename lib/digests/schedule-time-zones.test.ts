import { describe, expect, it } from "vitest";
import { localDateKey } from "@/lib/time/local-day";
import { ANY_PLAN, daily, next, sends, weekly } from "@/tests/support/digest-schedules";
import { APIA, BERLIN, HAVANA, KATHMANDU, KOLKATA, LORD_HOWE, NEW_YORK } from "@/tests/support/time-zones";
import { type DigestSchedule, nextDigestAt } from "./schedule";

// The next digest's time across time zones with odd offsets and daylight-saving changes, and under
// the plan.

describe("nextDigestAt in America/New_York", () => {
  it("uses EST in winter and EDT in summer", () => {
    expect(next(daily(8), NEW_YORK, "2026-01-15T00:00:00Z")).toBe("2026-01-15T13:00:00.000Z");
    expect(next(daily(8), NEW_YORK, "2026-07-15T00:00:00Z")).toBe("2026-07-15T12:00:00.000Z");
  });

  it.each([
    // Spring forward 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00Z).
    ["2026", 0, "2026-03-08T01:00:00Z", "2026-03-08T05:00:00.000Z"],
    ["2026", 1, "2026-03-08T01:00:00Z", "2026-03-08T06:00:00.000Z"],
    ["2026", 2, "2026-03-08T01:00:00Z", "2026-03-08T07:00:00.000Z"],
    ["2026", 3, "2026-03-08T01:00:00Z", "2026-03-08T07:00:00.000Z"],
    ["2026", 8, "2026-03-08T01:00:00Z", "2026-03-08T12:00:00.000Z"],
    // Spring forward 2027-03-14.
    ["2027", 2, "2027-03-14T01:00:00Z", "2027-03-14T07:00:00.000Z"],
    ["2027", 8, "2027-03-14T01:00:00Z", "2027-03-14T12:00:00.000Z"],
  ])("spring %s: daily %i:00 → %s", (_year, hour, after, expected) => {
    expect(next(daily(hour), NEW_YORK, after)).toBe(expected);
  });

  it("spring: the skipped 02:00 goes out at 03:00 EDT, then back to 02:00 the next day", () => {
    expect(sends(daily(2), NEW_YORK, "2026-03-06T12:00:00Z", 3)).toEqual([
      "2026-03-07T07:00:00.000Z", // 02:00 EST
      "2026-03-08T07:00:00.000Z", // 02:00 does not exist → 03:00 EDT
      "2026-03-09T06:00:00.000Z", // 02:00 EDT
    ]);
  });

  it.each([
    // Fall back 2026-11-01: 02:00 EDT (06:00Z) returns to 01:00 EST; 01:00–02:00 happens twice.
    ["2026", 0, "2026-11-01T01:00:00Z", "2026-11-01T04:00:00.000Z"],
    ["2026", 1, "2026-11-01T01:00:00Z", "2026-11-01T05:00:00.000Z"],
    ["2026", 2, "2026-11-01T01:00:00Z", "2026-11-01T07:00:00.000Z"],
    ["2026", 8, "2026-11-01T01:00:00Z", "2026-11-01T13:00:00.000Z"],
    // Fall back 2027-11-07.
    ["2027", 1, "2027-11-07T01:00:00Z", "2027-11-07T05:00:00.000Z"],
    ["2027", 2, "2027-11-07T01:00:00Z", "2027-11-07T07:00:00.000Z"],
  ])("fall %s: daily %i:00 → %s", (_year, hour, after, expected) => {
    expect(next(daily(hour), NEW_YORK, after)).toBe(expected);
  });

  it("fall: a repeated 01:00 sends once, at its first occurrence", () => {
    expect(sends(daily(1), NEW_YORK, "2026-10-31T00:00:00Z", 3)).toEqual([
      "2026-10-31T05:00:00.000Z", // 01:00 EDT
      "2026-11-01T05:00:00.000Z", // first 01:00 (EDT); the 06:00Z repeat is not a send
      "2026-11-02T06:00:00.000Z", // 01:00 EST
    ]);
    expect(next(daily(1), NEW_YORK, "2026-11-01T05:00:00Z")).toBe("2026-11-02T06:00:00.000Z");
    expect(next(daily(1), NEW_YORK, "2026-11-01T05:30:00Z")).toBe("2026-11-02T06:00:00.000Z");
    expect(next(daily(1), NEW_YORK, "2027-11-07T05:00:00Z")).toBe("2027-11-08T06:00:00.000Z");
  });

  it("fall: a weekly Sunday 01:00 is not repeated within the hour", () => {
    expect(next(weekly(0, 1), NEW_YORK, "2026-11-01T05:00:00Z")).toBe("2026-11-08T06:00:00.000Z");
  });

  it("fall: two weeks of daily sends are one per local day, all at the local hour", () => {
    const hourIn = new Intl.DateTimeFormat("en-US", { timeZone: NEW_YORK, hour: "numeric", hourCycle: "h23" });
    const result = sends(daily(1), NEW_YORK, "2026-10-25T00:00:00Z", 14);
    expect(result).toHaveLength(14);
    expect(new Set(result.map((iso) => localDateKey(NEW_YORK, new Date(iso)))).size).toBe(14);
    expect(result.map((iso) => Number(hourIn.format(new Date(iso))))).toEqual(Array(14).fill(1));
  });
});

describe("nextDigestAt in Europe/Berlin", () => {
  it.each([
    // Spring forward 2026-03-29: 02:00 CET jumps to 03:00 CEST (01:00Z).
    ["2026-03-28T12:00:00Z", 1, "2026-03-29T00:00:00.000Z"],
    ["2026-03-28T12:00:00Z", 2, "2026-03-29T01:00:00.000Z"],
    ["2026-03-28T12:00:00Z", 3, "2026-03-29T01:00:00.000Z"],
    ["2026-03-28T12:00:00Z", 8, "2026-03-29T06:00:00.000Z"],
    ["2026-03-29T01:00:00Z", 2, "2026-03-30T00:00:00.000Z"],
    // Spring forward 2027-03-28.
    ["2027-03-27T12:00:00Z", 2, "2027-03-28T01:00:00.000Z"],
    // Fall back 2026-10-25: 03:00 CEST returns to 02:00 CET (01:00Z); 02:00 happens twice.
    ["2026-10-24T12:00:00Z", 2, "2026-10-25T00:00:00.000Z"],
    ["2026-10-25T00:00:00Z", 2, "2026-10-26T01:00:00.000Z"],
    ["2026-10-24T12:00:00Z", 3, "2026-10-25T02:00:00.000Z"],
    ["2026-10-24T12:00:00Z", 8, "2026-10-25T07:00:00.000Z"],
    // Fall back 2027-10-31.
    ["2027-10-30T12:00:00Z", 2, "2027-10-31T00:00:00.000Z"],
    ["2027-10-31T00:00:00Z", 2, "2027-11-01T01:00:00.000Z"],
  ])("after %s, daily %i:00 → %s", (after, hour, expected) => {
    expect(next(daily(hour), BERLIN, after)).toBe(expected);
  });

  it("weekly Sunday 02:00 on both change days", () => {
    expect(next(weekly(0, 2), BERLIN, "2026-03-23T00:00:00Z")).toBe("2026-03-29T01:00:00.000Z");
    expect(next(weekly(0, 2), BERLIN, "2026-10-19T00:00:00Z")).toBe("2026-10-25T00:00:00.000Z");
    expect(next(weekly(0, 2), BERLIN, "2026-10-25T00:00:00Z")).toBe("2026-11-01T01:00:00.000Z");
  });
});

describe("nextDigestAt in Asia/Kolkata (+05:30) and Asia/Kathmandu (+05:45)", () => {
  it.each([
    [KOLKATA, 8, "2026-03-28T00:00:00Z", "2026-03-28T02:30:00.000Z"],
    [KOLKATA, 8, "2026-03-28T02:30:00Z", "2026-03-29T02:30:00.000Z"],
    [KOLKATA, 0, "2026-10-24T12:00:00Z", "2026-10-24T18:30:00.000Z"],
    [KOLKATA, 23, "2026-11-01T00:00:00Z", "2026-11-01T17:30:00.000Z"],
    [KATHMANDU, 8, "2026-03-08T00:00:00Z", "2026-03-08T02:15:00.000Z"],
    [KATHMANDU, 0, "2026-11-01T12:00:00Z", "2026-11-01T18:15:00.000Z"],
    [KATHMANDU, 6, "2026-12-31T18:15:00Z", "2027-01-01T00:15:00.000Z"],
  ])("%s daily %i:00 after %s → %s", (zone, hour, after, expected) => {
    expect(next(daily(hour), zone, after)).toBe(expected);
  });

  it("a local Monday midnight is Sunday evening in UTC", () => {
    // 2026-06-15 is a Monday.
    expect(next(weekly(1, 0), KOLKATA, "2026-06-10T00:00:00Z")).toBe("2026-06-14T18:30:00.000Z");
    expect(next(weekly(1, 0), KATHMANDU, "2026-06-10T00:00:00Z")).toBe("2026-06-14T18:15:00.000Z");
  });

  it("keeps the same UTC time across other zones' DST changes", () => {
    expect(sends(daily(9), KATHMANDU, "2026-03-27T12:00:00Z", 3)).toEqual([
      "2026-03-28T03:15:00.000Z",
      "2026-03-29T03:15:00.000Z",
      "2026-03-30T03:15:00.000Z",
    ]);
  });
});

describe("nextDigestAt in Australia/Lord_Howe (+10:30 / +11, 30-minute DST)", () => {
  it.each([
    // DST ends 2026-04-05: 02:00 (+11, 15:00Z) returns to 01:30 (+10:30); only 01:30–02:00 repeats.
    ["2026-04-04T00:00:00Z", 1, "2026-04-04T14:00:00.000Z"], // 01:00 +11
    ["2026-04-04T00:00:00Z", 2, "2026-04-04T15:30:00.000Z"], // 02:00 +10:30, happens once
    ["2026-04-04T00:00:00Z", 8, "2026-04-04T21:30:00.000Z"],
    ["2026-04-04T14:00:00Z", 1, "2026-04-05T14:30:00.000Z"], // next day, 01:00 +10:30
    // DST ends 2027-04-04.
    ["2027-04-03T00:00:00Z", 2, "2027-04-03T15:30:00.000Z"],
    ["2027-04-03T00:00:00Z", 8, "2027-04-03T21:30:00.000Z"],
    // DST starts 2026-10-04: 02:00 (+10:30, 15:30Z) jumps to 02:30 (+11); 02:00 does not exist.
    ["2026-10-03T00:00:00Z", 1, "2026-10-03T14:30:00.000Z"], // 01:00 +10:30
    ["2026-10-03T00:00:00Z", 2, "2026-10-03T16:00:00.000Z"], // next whole hour, 03:00 +11
    ["2026-10-03T00:00:00Z", 3, "2026-10-03T16:00:00.000Z"],
    ["2026-10-03T00:00:00Z", 8, "2026-10-03T21:00:00.000Z"],
    ["2026-10-03T16:00:00Z", 2, "2026-10-04T15:00:00.000Z"], // next day, 02:00 +11
    // DST starts 2027-10-03.
    ["2027-10-02T00:00:00Z", 2, "2027-10-02T16:00:00.000Z"],
    ["2027-10-02T00:00:00Z", 8, "2027-10-02T21:00:00.000Z"],
  ])("after %s, daily %i:00 → %s", (after, hour, expected) => {
    expect(next(daily(hour), LORD_HOWE, after)).toBe(expected);
  });
});

describe("nextDigestAt in Pacific/Apia (fixed +13:00, west of the dateline)", () => {
  it("a Monday in Apia is a Sunday in UTC", () => {
    // 2026-03-01T12:00Z is Sunday in UTC but already Monday 01:00 in Apia.
    const at = nextDigestAt(weekly(1, 8), ANY_PLAN, APIA, new Date("2026-03-01T12:00:00Z"), false);
    expect(at?.toISOString()).toBe("2026-03-01T19:00:00.000Z");
    expect(at?.getUTCDay()).toBe(0);
  });

  it("a slot that already passed in Apia wraps a week even though the UTC day is earlier", () => {
    expect(next(weekly(1, 8), APIA, "2026-03-01T19:00:00Z")).toBe("2026-03-08T19:00:00.000Z");
  });

  it.each([
    // Apia's former DST end (first Sunday of April) and start (last Sunday of September) dates.
    ["2026-04-04T00:00:00Z", "2026-04-04T14:00:00.000Z", "2026-04-05T14:00:00.000Z"],
    ["2026-09-26T00:00:00Z", "2026-09-26T14:00:00.000Z", "2026-09-27T14:00:00.000Z"],
  ])("no DST shift around %s", (after, first, second) => {
    expect(sends(daily(3), APIA, after, 2)).toEqual([first, second]);
  });
});

describe("nextDigestAt where midnight is skipped or repeated (America/Havana)", () => {
  it("a skipped 00:00 goes out at 01:00", () => {
    // 2026-03-08: 00:00 CST (05:00Z) jumps to 01:00 CDT.
    expect(next(daily(0), HAVANA, "2026-03-07T12:00:00Z")).toBe("2026-03-08T05:00:00.000Z");
  });

  it("a repeated 00:00 sends once", () => {
    // 2026-11-01: 01:00 CDT (05:00Z) returns to 00:00 CST.
    expect(sends(daily(0), HAVANA, "2026-10-31T12:00:00Z", 2)).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-11-02T05:00:00.000Z",
    ]);
  });
});

describe("nextDigestAt under the plan", () => {
  // Onboarding's default: daily at 8 PM. Times in UTC; 2026-11-23 is a Monday.
  const onboarded: DigestSchedule = { emailFrequency: "daily", emailTime: 20, emailDays: [], emailHours: {} };
  const at = (iso: string) => new Date(iso);
  const plan = (trialEndsAt: string) => ({ trialEndsAt: at(trialEndsAt), proUntil: null });

  it("sends daily during the trial", () => {
    expect(nextDigestAt(onboarded, plan("2026-11-26T10:00:00Z"), "UTC", at("2026-11-24T21:00:00Z"), true)).toEqual(
      at("2026-11-25T20:00:00Z"),
    );
  });

  it("does not send a daily slot that falls after the trial ends: the weekly one it falls back to instead", () => {
    // The trial ends Wednesday 10:00; Wednesday's 8 PM is past it, so the next is Monday's.
    expect(nextDigestAt(onboarded, plan("2026-11-25T10:00:00Z"), "UTC", at("2026-11-24T21:00:00Z"), true)).toEqual(
      at("2026-11-30T20:00:00Z"),
    );
  });

  it("keeps every slot while billing is off", () => {
    expect(nextDigestAt(onboarded, plan("2026-11-01T10:00:00Z"), "UTC", at("2026-11-24T21:00:00Z"), false)).toEqual(
      at("2026-11-25T20:00:00Z"),
    );
  });
});
