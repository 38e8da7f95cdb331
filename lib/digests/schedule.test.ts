import { describe, expect, it } from "vitest";
import { ALL_FREQUENCIES, FREE_FREQUENCIES } from "@/lib/billing/plans";
import { ANY_PLAN, daily, next, offsetName, sends, weekly } from "@/tests/support/digest-schedules";
import { APIA, BERLIN, HAVANA, KATHMANDU, KOLKATA, LORD_HOWE, NEW_YORK } from "@/tests/support/time-zones";
import {
  type DigestSchedule,
  WEEKDAY_NAMES,
  effectiveSchedule,
  formatHour12,
  nextDigestAt,
  scheduledSlots,
} from "./schedule";
describe("time-zone data these tests rely on", () => {
  it.each([
    [NEW_YORK, "2026-03-08T06:59:59Z", "GMT-05:00", "2026-03-08T07:00:00Z", "GMT-04:00"],
    [NEW_YORK, "2026-11-01T05:59:59Z", "GMT-04:00", "2026-11-01T06:00:00Z", "GMT-05:00"],
    [NEW_YORK, "2027-03-14T06:59:59Z", "GMT-05:00", "2027-03-14T07:00:00Z", "GMT-04:00"],
    [NEW_YORK, "2027-11-07T05:59:59Z", "GMT-04:00", "2027-11-07T06:00:00Z", "GMT-05:00"],
    [BERLIN, "2026-03-29T00:59:59Z", "GMT+01:00", "2026-03-29T01:00:00Z", "GMT+02:00"],
    [BERLIN, "2026-10-25T00:59:59Z", "GMT+02:00", "2026-10-25T01:00:00Z", "GMT+01:00"],
    [BERLIN, "2027-03-28T00:59:59Z", "GMT+01:00", "2027-03-28T01:00:00Z", "GMT+02:00"],
    [BERLIN, "2027-10-31T00:59:59Z", "GMT+02:00", "2027-10-31T01:00:00Z", "GMT+01:00"],
    [LORD_HOWE, "2026-04-04T14:59:59Z", "GMT+11:00", "2026-04-04T15:00:00Z", "GMT+10:30"],
    [LORD_HOWE, "2026-10-03T15:29:59Z", "GMT+10:30", "2026-10-03T15:30:00Z", "GMT+11:00"],
    [LORD_HOWE, "2027-04-03T14:59:59Z", "GMT+11:00", "2027-04-03T15:00:00Z", "GMT+10:30"],
    [LORD_HOWE, "2027-10-02T15:29:59Z", "GMT+10:30", "2027-10-02T15:30:00Z", "GMT+11:00"],
    [HAVANA, "2026-03-08T04:59:59Z", "GMT-05:00", "2026-03-08T05:00:00Z", "GMT-04:00"],
    [HAVANA, "2026-11-01T04:59:59Z", "GMT-04:00", "2026-11-01T05:00:00Z", "GMT-05:00"],
  ])("%s changes offset at the second after %s", (zone, before, offsetBefore, at, offsetAfter) => {
    expect(offsetName(zone, before)).toBe(offsetBefore);
    expect(offsetName(zone, at)).toBe(offsetAfter);
  });

  it.each([
    [KOLKATA, "GMT+05:30"],
    [KATHMANDU, "GMT+05:45"],
    // Apia dropped DST in 2021; these were its old April and September change dates.
    [APIA, "GMT+13:00"],
  ])("%s keeps one offset through 2026", (zone, offset) => {
    for (const iso of [
      "2026-01-15T00:00:00Z",
      "2026-04-06T00:00:00Z",
      "2026-07-15T00:00:00Z",
      "2026-09-28T00:00:00Z",
    ]) {
      expect(offsetName(zone, iso)).toBe(offset);
    }
  });
});

describe("WEEKDAY_NAMES", () => {
  it("runs Sunday (0) to Saturday (6)", () => {
    expect(WEEKDAY_NAMES).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
  });
});

describe("formatHour12", () => {
  it.each([
    [0, "12:00 AM"],
    [1, "1:00 AM"],
    [8, "8:00 AM"],
    [11, "11:00 AM"],
    [12, "12:00 PM"],
    [13, "1:00 PM"],
    [20, "8:00 PM"],
    [23, "11:00 PM"],
  ])("formats %i as %s", (hour, text) => {
    expect(formatHour12(hour)).toBe(text);
  });

  it.each([[-1], [24], [8.5], [Number.NaN]])("refuses %s", (hour) => {
    expect(() => formatHour12(hour)).toThrow(RangeError);
  });
});

describe("scheduledSlots", () => {
  it("daily sends every weekday at emailTime", () => {
    expect(scheduledSlots({ ...daily(7), emailDays: [3], emailHours: { "3": 22 } })).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, hour: 7 })),
    );
  });

  it("weekly sends on the first selected day at that day's hour", () => {
    expect(
      scheduledSlots({ emailFrequency: "weekly", emailTime: 20, emailDays: [5, 2], emailHours: { "5": 9, "2": 6 } }),
    ).toEqual([{ weekday: 5, hour: 9 }]);
  });

  it("weekly uses emailTime when the day has no hour of its own", () => {
    expect(scheduledSlots({ emailFrequency: "weekly", emailTime: 20, emailDays: [3], emailHours: {} })).toEqual([
      { weekday: 3, hour: 20 },
    ]);
  });

  it("weekly defaults to Monday", () => {
    expect(scheduledSlots({ emailFrequency: "weekly", emailTime: 18, emailDays: [], emailHours: {} })).toEqual([
      { weekday: 1, hour: 18 },
    ]);
  });

  it("custom sends on each selected day at its own hour, else emailTime", () => {
    expect(
      scheduledSlots({
        emailFrequency: "custom",
        emailTime: 21,
        emailDays: [5, 1, 3],
        emailHours: { "1": 7, "5": 12 },
      }),
    ).toEqual([
      { weekday: 5, hour: 12 },
      { weekday: 1, hour: 7 },
      { weekday: 3, hour: 21 },
    ]);
  });

  it("custom with no stored day reads as the UI default, Monday", () => {
    expect(scheduledSlots({ emailFrequency: "custom", emailTime: 9, emailDays: [], emailHours: {} })).toEqual([
      { weekday: 1, hour: 9 },
    ]);
  });

  it("none sends nothing", () => {
    expect(scheduledSlots({ emailFrequency: "none", emailTime: 8, emailDays: [1], emailHours: { "1": 8 } })).toEqual(
      [],
    );
  });

  it("ignores out-of-range days and hours, and duplicate days", () => {
    expect(
      scheduledSlots({
        emailFrequency: "custom",
        emailTime: 30,
        emailDays: [7, 2, -1, 2, 1.5],
        emailHours: { "2": 24 },
      }),
    ).toEqual([{ weekday: 2, hour: 8 }]);
  });
});

describe("effectiveSchedule", () => {
  it("returns the schedule itself when the plan allows its frequency", () => {
    const custom: DigestSchedule = {
      emailFrequency: "custom",
      emailTime: 8,
      emailDays: [2, 4],
      emailHours: { "2": 9 },
    };
    expect(effectiveSchedule(custom, ALL_FREQUENCIES)).toBe(custom);
    const weeklySchedule = weekly(3, 10);
    expect(effectiveSchedule(weeklySchedule, FREE_FREQUENCIES)).toBe(weeklySchedule);
    const none: DigestSchedule = { emailFrequency: "none", emailTime: 8, emailDays: [], emailHours: {} };
    expect(effectiveSchedule(none, FREE_FREQUENCIES)).toBe(none);
  });

  it("turns a free user's daily schedule into weekly on Monday at its hour", () => {
    expect(effectiveSchedule(daily(7), FREE_FREQUENCIES)).toEqual({
      emailFrequency: "weekly",
      emailTime: 7,
      emailDays: [1],
      emailHours: { "1": 7 },
    });
  });

  it("keeps a daily schedule's stored first day and ignores a stale per-day hour", () => {
    expect(
      effectiveSchedule(
        { emailFrequency: "daily", emailTime: 7, emailDays: [4], emailHours: { "4": 22 } },
        FREE_FREQUENCIES,
      ),
    ).toEqual({ emailFrequency: "weekly", emailTime: 7, emailDays: [4], emailHours: { "4": 7 } });
  });

  it("turns a custom schedule into weekly on its first selected day at that day's hour", () => {
    expect(
      effectiveSchedule(
        { emailFrequency: "custom", emailTime: 20, emailDays: [5, 2], emailHours: { "5": 18, "2": 9 } },
        FREE_FREQUENCIES,
      ),
    ).toEqual({ emailFrequency: "weekly", emailTime: 20, emailDays: [5], emailHours: { "5": 18 } });
  });

  it("uses emailTime for a custom first day without its own hour", () => {
    expect(
      effectiveSchedule({ emailFrequency: "custom", emailTime: 20, emailDays: [6], emailHours: {} }, FREE_FREQUENCIES),
    ).toEqual({ emailFrequency: "weekly", emailTime: 20, emailDays: [6], emailHours: { "6": 20 } });
  });

  it("switches digests off when not even weekly is allowed", () => {
    const result = effectiveSchedule(daily(8), ["none"]);
    expect(result.emailFrequency).toBe("none");
    expect(nextDigestAt(result, ANY_PLAN, BERLIN, new Date("2026-06-10T00:00:00Z"), false)).toBeNull();
  });

  it("the fallback's next send is the first day's slot, not tomorrow's", () => {
    // 2026-06-10 is a Wednesday; Berlin is UTC+2 in June.
    const fallback = effectiveSchedule(daily(7), FREE_FREQUENCIES);
    expect(next(fallback, BERLIN, "2026-06-10T12:00:00Z")).toBe("2026-06-15T05:00:00.000Z");
  });
});

describe("nextDigestAt basics (UTC)", () => {
  // 2026-06-01 is a Monday.
  it("is null for none", () => {
    expect(
      nextDigestAt(
        { emailFrequency: "none", emailTime: 8, emailDays: [1], emailHours: {} },
        ANY_PLAN,
        "UTC",
        new Date(),
        false,
      ),
    ).toBe(null);
  });

  it("daily: today's slot when it is still ahead", () => {
    expect(next(daily(8), "UTC", "2026-06-10T07:59:59.999Z")).toBe("2026-06-10T08:00:00.000Z");
  });

  it("daily: strictly after — a slot exactly at `after` is skipped", () => {
    expect(next(daily(8), "UTC", "2026-06-10T08:00:00.000Z")).toBe("2026-06-11T08:00:00.000Z");
    expect(next(daily(8), "UTC", "2026-06-10T08:00:00.001Z")).toBe("2026-06-11T08:00:00.000Z");
  });

  it("daily at midnight and at 23:00", () => {
    expect(next(daily(0), "UTC", "2026-06-10T00:00:00Z")).toBe("2026-06-11T00:00:00.000Z");
    expect(next(daily(23), "UTC", "2026-06-10T23:30:00Z")).toBe("2026-06-11T23:00:00.000Z");
  });

  it("weekly: later this week", () => {
    expect(next(weekly(5, 9), "UTC", "2026-06-10T12:00:00Z")).toBe("2026-06-12T09:00:00.000Z");
  });

  it("weekly: wraps to next week once this week's slot has passed or is exactly now", () => {
    expect(next(weekly(1, 9), "UTC", "2026-06-10T12:00:00Z")).toBe("2026-06-15T09:00:00.000Z");
    expect(next(weekly(1, 9), "UTC", "2026-06-15T09:00:00Z")).toBe("2026-06-22T09:00:00.000Z");
    expect(next(weekly(6, 22), "UTC", "2026-06-13T22:00:00Z")).toBe("2026-06-20T22:00:00.000Z");
  });

  it("weekly: later the same day", () => {
    expect(next(weekly(1, 9), "UTC", "2026-06-15T08:59:00Z")).toBe("2026-06-15T09:00:00.000Z");
  });

  it("custom: different hours per day, in order, wrapping the week", () => {
    const custom: DigestSchedule = {
      emailFrequency: "custom",
      emailTime: 21,
      emailDays: [5, 1, 3],
      emailHours: { "1": 7, "3": 18, "5": 12 },
    };
    expect(sends(custom, "UTC", "2026-06-01T06:00:00Z", 5)).toEqual([
      "2026-06-01T07:00:00.000Z",
      "2026-06-03T18:00:00.000Z",
      "2026-06-05T12:00:00.000Z",
      "2026-06-08T07:00:00.000Z",
      "2026-06-10T18:00:00.000Z",
    ]);
  });

  it("custom: a day without its own hour uses emailTime", () => {
    const custom: DigestSchedule = {
      emailFrequency: "custom",
      emailTime: 21,
      emailDays: [2, 4],
      emailHours: { "2": 6 },
    };
    expect(next(custom, "UTC", "2026-06-02T06:00:00Z")).toBe("2026-06-04T21:00:00.000Z");
  });

  it("custom with every day and one hour matches daily", () => {
    const custom: DigestSchedule = {
      emailFrequency: "custom",
      emailTime: 10,
      emailDays: [0, 1, 2, 3, 4, 5, 6],
      emailHours: {},
    };
    expect(sends(custom, NEW_YORK, "2026-03-05T00:00:00Z", 7)).toEqual(
      sends(daily(10), NEW_YORK, "2026-03-05T00:00:00Z", 7),
    );
  });

  it("throws for an unknown time zone", () => {
    expect(() =>
      nextDigestAt(daily(8), ANY_PLAN, "Mars/Olympus_Mons", new Date("2026-06-10T00:00:00Z"), false),
    ).toThrow(RangeError);
  });
});
