import { describe, expect, it } from "vitest";
import { formatInZone, groupByLocalDate, isSameLocalDay, linkCount, savedAtText } from "./local-time";

describe("formatInZone", () => {
  it("shows the wall-clock time of the given zone, not the machine's", () => {
    const at = "2026-11-21T23:30:00.000Z";
    expect(formatInZone(at, "UTC", "time")).toBe("11:30 PM");
    expect(formatInZone(at, "Asia/Tokyo", "time")).toBe("8:30 AM");
    expect(formatInZone(at, "Asia/Tokyo", "weekdayDate")).toBe("Sunday, November 22, 2026");
    expect(formatInZone(new Date(at), "America/Los_Angeles", "time")).toBe("3:30 PM");
  });

  it("writes each of the app's date styles", () => {
    const at = "2026-01-05T09:05:00.000Z";
    expect(formatInZone(at, "UTC", "time")).toBe("9:05 AM");
    expect(formatInZone(at, "UTC", "weekdayDate")).toBe("Monday, January 5, 2026");
    expect(formatInZone(at, "UTC", "date")).toBe("January 5, 2026");
    expect(formatInZone(at, "UTC", "shortDate")).toBe("Jan 5, 2026");
    expect(formatInZone(at, "UTC", "monthDay")).toBe("January 5");
    expect(formatInZone("2026-01-05T12:00:00.000Z", "UTC", "time")).toBe("12:00 PM");
    expect(formatInZone("2026-01-05T00:00:00.000Z", "UTC", "time")).toBe("12:00 AM");
  });

  it("writes a digest's saved-at time: short month, day, 12-hour time", () => {
    expect(formatInZone("2026-11-21T09:05:00Z", "UTC", "monthDayTime")).toBe("Nov 21, 9:05 AM");
    expect(formatInZone("2026-11-21T00:05:00Z", "UTC", "monthDayTime")).toBe("Nov 21, 12:05 AM");
    expect(formatInZone("2026-11-21T12:00:00Z", "UTC", "monthDayTime")).toBe("Nov 21, 12:00 PM");
    // Kathmandu is UTC+05:45; New York is on daylight time until 1 November 2026.
    expect(formatInZone("2026-11-21T20:30:00Z", "Asia/Kathmandu", "monthDayTime")).toBe("Nov 22, 2:15 AM");
    expect(formatInZone("2026-10-31T23:40:00Z", "America/New_York", "monthDayTime")).toBe("Oct 31, 7:40 PM");
  });
});

describe("savedAtText", () => {
  it("gives the time alone for a link saved today in the zone, the date too for an older one", () => {
    const now = "2026-11-21T15:00:00Z";
    expect(savedAtText("2026-11-21T09:05:00Z", "UTC", now)).toBe("9:05 AM");
    expect(savedAtText("2026-11-20T18:09:00Z", "UTC", now)).toBe("Nov 20, 2026, 6:09 PM");
    expect(savedAtText("2023-11-21T18:09:00Z", "UTC", now)).toBe("Nov 21, 2023, 6:09 PM");
    // Yesterday evening in Los Angeles is today in UTC: the zone decides.
    expect(savedAtText("2026-11-21T02:00:00Z", "America/Los_Angeles", now)).toBe("Nov 20, 2026, 6:00 PM");
  });
});

describe("isSameLocalDay", () => {
  it("compares calendar days in the zone", () => {
    expect(isSameLocalDay("UTC", "2026-11-21T00:10:00Z", "2026-11-21T23:50:00Z")).toBe(true);
    expect(isSameLocalDay("Asia/Tokyo", "2026-11-21T14:00:00Z", "2026-11-21T16:00:00Z")).toBe(false);
  });
});

describe("groupByLocalDate", () => {
  it("groups a newest-first list by local date, newest date first", () => {
    const links = [
      { id: "c", createdAt: "2026-11-21T16:00:00Z" },
      { id: "b", createdAt: "2026-11-21T14:00:00Z" },
      { id: "a", createdAt: "2026-11-20T10:00:00Z" },
    ];
    expect(groupByLocalDate(links, "UTC").map((g) => [g.label, g.items.map((l) => l.id)])).toEqual([
      ["November 21, 2026", ["c", "b"]],
      ["November 20, 2026", ["a"]],
    ]);
    // 16:00 UTC is already the 22nd in Tokyo.
    expect(groupByLocalDate(links, "Asia/Tokyo").map((g) => [g.label, g.items.map((l) => l.id)])).toEqual([
      ["November 22, 2026", ["c"]],
      ["November 21, 2026", ["b"]],
      ["November 20, 2026", ["a"]],
    ]);
  });

  it("gives nothing for nothing", () => {
    expect(groupByLocalDate([], "UTC")).toEqual([]);
  });
});

describe("linkCount", () => {
  it("uses the singular for one", () => {
    expect(linkCount(0)).toBe("0 links");
    expect(linkCount(1)).toBe("1 link");
    expect(linkCount(2)).toBe("2 links");
  });
});
