import { describe, expect, it } from "vitest";
import {
  addMonths,
  dayKey,
  formatReminderDay,
  latestReminderDay,
  localToday,
  parseDayKey,
  reminderDay,
  reminderDayProblem,
  reminderText,
  type ReminderPreset,
} from "./reminder-days";

const day = (key: string) => {
  const parsed = parseDayKey(key);
  if (!parsed) throw new Error(`not a day: ${key}`);
  return parsed;
};

describe("parseDayKey", () => {
  it("reads a real calendar day", () => {
    expect(parseDayKey("2026-12-05")).toEqual({ year: 2026, month: 12, day: 5 });
    expect(parseDayKey("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it.each(["2026-02-30", "2027-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-12-00"])(
    "refuses %s, which is on no calendar",
    (key) => expect(parseDayKey(key)).toBeNull(),
  );

  it.each([
    "",
    "2026-12-5",
    "26-12-05",
    "2026/12/05",
    "2026-12-05T00:00:00Z",
    " 2026-12-05",
    "tomorrow",
    "２０２６-12-05",
  ])("refuses the malformed %j", (key) => expect(parseDayKey(key)).toBeNull());
});

describe("reminderDay", () => {
  // 2026-11-23 is a Monday.
  it.each<[string, ReminderPreset, string]>([
    ["2026-11-23", "tomorrow", "2026-11-24"],
    ["2026-12-31", "tomorrow", "2027-01-01"],
    // This weekend: the coming Saturday; from a Saturday or Sunday, the next one.
    ["2026-11-23", "weekend", "2026-11-28"],
    ["2026-11-27", "weekend", "2026-11-28"],
    ["2026-11-28", "weekend", "2026-12-05"],
    ["2026-11-29", "weekend", "2026-12-05"],
    // Next week: the next Monday; from a Monday, a week on.
    ["2026-11-23", "next-week", "2026-11-30"],
    ["2026-11-24", "next-week", "2026-11-30"],
    ["2026-11-29", "next-week", "2026-11-30"],
    ["2026-12-28", "next-week", "2027-01-04"],
    // In a month: the same day, or the shorter month's last day.
    ["2026-11-26", "month", "2026-12-26"],
    ["2026-12-15", "month", "2027-01-15"],
    ["2027-01-31", "month", "2027-02-28"],
    ["2028-01-30", "month", "2028-02-29"],
    ["2026-03-31", "month", "2026-04-30"],
  ])("from %s, %s is %s", (today, preset, expected) => {
    expect(dayKey(reminderDay(preset, day(today)))).toBe(expected);
  });
});

describe("addMonths and latestReminderDay", () => {
  it("counts whole months across years", () => {
    expect(dayKey(addMonths(day("2026-11-30"), 3))).toBe("2027-02-28");
    expect(dayKey(addMonths(day("2026-11-30"), 60))).toBe("2031-11-30");
  });

  it("allows five years ahead, the 28th of February for a 29th", () => {
    expect(dayKey(latestReminderDay(day("2026-11-26")))).toBe("2031-11-26");
    expect(dayKey(latestReminderDay(day("2028-02-29")))).toBe("2033-02-28");
  });
});

describe("reminderDayProblem", () => {
  const today = day("2026-11-26");

  it("accepts today, tomorrow and the last allowed day", () => {
    for (const key of ["2026-11-26", "2026-11-27", "2031-11-26"])
      expect(reminderDayProblem(day(key), today)).toBeNull();
  });

  it("refuses yesterday as past and the day after the limit as too far", () => {
    expect(reminderDayProblem(day("2026-11-25"), today)).toBe("past");
    expect(reminderDayProblem(day("1999-01-01"), today)).toBe("past");
    expect(reminderDayProblem(day("2031-11-27"), today)).toBe("too-far");
  });
});

describe("formatReminderDay", () => {
  it("writes the weekday and date, with the year only outside today's", () => {
    expect(formatReminderDay(day("2026-12-05"), day("2026-11-26"))).toBe("Sat, Dec 5");
    expect(formatReminderDay(day("2027-01-04"), day("2026-11-26"))).toBe("Mon, Jan 4, 2027");
  });
});

describe("reminderText", () => {
  const today = day("2026-11-26");

  it("says the day ahead, and Back today once it has come", () => {
    expect(reminderText("2026-12-05", today)).toBe("Back on Sat, Dec 5");
    expect(reminderText("2026-11-26", today)).toBe("Back today");
    expect(reminderText("2026-11-20", today)).toBe("Back today");
  });
});

describe("localToday", () => {
  it("is the owner's calendar day: one instant is two days in Auckland and Los Angeles", () => {
    const instant = new Date("2026-11-26T20:00:00Z");
    expect(dayKey(localToday("Pacific/Auckland", instant))).toBe("2026-11-27");
    expect(dayKey(localToday("America/Los_Angeles", instant))).toBe("2026-11-26");
  });
});
