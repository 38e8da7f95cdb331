import { describe, expect, it } from "vitest";
import { calendarDayAsDate, calendarDayOf, formatCalendarDay, snoozeDay } from "./snooze-day";

describe("snoozeDay", () => {
  it("is the owner's local day a week on", () => {
    expect(snoozeDay("UTC", new Date("2026-11-26T12:00:00Z"))).toBe("2026-12-03");
  });

  it("counts from the owner's today, not the server's", () => {
    // 10:30 UTC on November 26 is already November 27 on Kiritimati (UTC+14)...
    expect(snoozeDay("Pacific/Kiritimati", new Date("2026-11-26T10:30:00Z"))).toBe("2026-12-04");
    // ...and still November 25 on Adak (UTC-10 in winter).
    expect(snoozeDay("America/Adak", new Date("2026-11-26T09:30:00Z"))).toBe("2026-12-02");
    // The same instant, three days apart across the date line.
    const instant = new Date("2026-11-26T09:59:00Z");
    expect(snoozeDay("Pacific/Kiritimati", instant)).toBe("2026-12-03");
    expect(snoozeDay("America/Adak", instant)).toBe("2026-12-02");
  });

  it("crosses months, years and a daylight-saving change", () => {
    expect(snoozeDay("UTC", new Date("2026-12-28T00:00:00Z"))).toBe("2027-01-04");
    expect(snoozeDay("America/Adak", new Date("2027-03-10T12:00:00Z"))).toBe("2027-03-17");
  });

  it("is the same day all day long: snoozing again that day sets the same day", () => {
    const tz = "Europe/Berlin";
    expect(snoozeDay(tz, new Date("2026-11-25T23:00:00Z"))).toBe("2026-12-03");
    expect(snoozeDay(tz, new Date("2026-11-26T22:59:59Z"))).toBe("2026-12-03");
    expect(snoozeDay(tz, new Date("2026-11-26T23:00:00Z"))).toBe("2026-12-04");
  });
});

describe("calendar days", () => {
  it("round-trip through the DATE column's midnight UTC", () => {
    expect(calendarDayOf(calendarDayAsDate("2026-12-03"))).toBe("2026-12-03");
  });

  it("read as the day itself", () => {
    expect(formatCalendarDay("2026-12-03")).toBe("Thursday, December 3");
    expect(formatCalendarDay("2027-01-04")).toBe("Monday, January 4");
  });
});
