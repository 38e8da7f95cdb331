import { describe, expect, it } from "vitest";
import { progressLine, progressPeriod, savedAgo } from "@/lib/digests/come-back-words";

describe("savedAgo", () => {
  it("names the anniversary of the save day, in years", () => {
    expect(savedAgo(new Date("2025-11-26T09:00:00Z"), "2026-11-26", "UTC")).toBe("Saved a year ago today");
    expect(savedAgo(new Date("2023-11-26T09:00:00Z"), "2026-11-26", "UTC")).toBe("Saved 3 years ago today");
  });

  it("reads the save day on the reader's calendar", () => {
    // 23:30 UTC on Nov 25 is already Nov 26 in Paris.
    expect(savedAgo(new Date("2025-11-25T23:30:00Z"), "2026-11-26", "Europe/Paris")).toBe("Saved a year ago today");
    expect(savedAgo(new Date("2025-11-25T23:30:00Z"), "2026-11-26", "UTC")).toBe("Saved a year ago");
  });

  it("says how long the link waited otherwise, in the largest whole unit", () => {
    expect(savedAgo(new Date("2026-03-20T12:00:00Z"), "2026-11-26", "UTC")).toBe("Saved 8 months ago");
    expect(savedAgo(new Date("2026-10-20T12:00:00Z"), "2026-11-26", "UTC")).toBe("Saved a month ago");
    expect(savedAgo(new Date("2026-10-30T12:00:00Z"), "2026-11-26", "UTC")).toBe("Saved 3 weeks ago");
    expect(savedAgo(new Date("2026-11-19T12:00:00Z"), "2026-11-26", "UTC")).toBe("Saved a week ago");
    expect(savedAgo(new Date("2026-11-23T12:00:00Z"), "2026-11-26", "UTC")).toBe("Saved 3 days ago");
    expect(savedAgo(new Date("2024-05-01T12:00:00Z"), "2026-11-26", "UTC")).toBe("Saved 2 years ago");
  });

  it("says today and yesterday rather than 0 or 1 days ago", () => {
    expect(savedAgo(new Date("2026-11-26T07:00:00Z"), "2026-11-26", "UTC")).toBe("Saved today");
    expect(savedAgo(new Date("2026-11-25T23:30:00Z"), "2026-11-26", "UTC")).toBe("Saved yesterday");
    expect(savedAgo(new Date("2026-11-24T12:00:00Z"), "2026-11-26", "UTC")).toBe("Saved 2 days ago");
  });

  it("does not count a month before its day of the month comes round", () => {
    expect(savedAgo(new Date("2026-09-30T12:00:00Z"), "2026-11-26", "UTC")).toBe("Saved a month ago");
    expect(savedAgo(new Date("2026-01-31T12:00:00Z"), "2026-02-28", "UTC")).toBe("Saved 4 weeks ago");
  });
});

describe("progressPeriod", () => {
  const end = new Date("2026-11-26T08:00:00Z");
  const before = (days: number) => new Date(end.getTime() - days * 86_400_000);

  it("names a day, a week, other spans and a first digest", () => {
    expect(progressPeriod(before(1), end)).toBe("Today");
    expect(progressPeriod(new Date("2026-11-26T00:00:00Z"), end)).toBe("Today");
    expect(progressPeriod(before(7), end)).toBe("This week");
    // A week across a daylight-saving change is an hour shorter or longer.
    expect(progressPeriod(new Date(before(7).getTime() + 3_600_000), end)).toBe("This week");
    expect(progressPeriod(before(3), end)).toBe("In the last 3 days");
    expect(progressPeriod(before(21), end)).toBe("In the last 21 days");
    expect(progressPeriod(null, end)).toBe("So far");
  });
});

describe("progressLine", () => {
  it("is one line with the three counts", () => {
    expect(progressLine("This week", { saved: 12, read: 5, cameBack: 3 })).toBe(
      "This week: 12 saved, 5 read, 3 came back",
    );
    expect(progressLine("Today", { saved: 0, read: 1, cameBack: 0 })).toBe("Today: 0 saved, 1 read, 0 came back");
  });
});
