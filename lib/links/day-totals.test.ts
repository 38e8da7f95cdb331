import { describe, expect, it } from "vitest";
import { formatDayTotals, parseDayTotals } from "./day-totals";

describe("X-Day-Totals", () => {
  it("round-trips the totals of a page's days, newest first", () => {
    const totals = new Map([
      ["2026-11-22", 120],
      ["2026-11-21", 3],
    ]);
    expect(formatDayTotals(totals)).toBe("2026-11-22=120, 2026-11-21=3");
    expect([...parseDayTotals(formatDayTotals(totals))]).toEqual([...totals]);
  });

  it("reads nothing from a missing or empty header", () => {
    expect(parseDayTotals(null).size).toBe(0);
    expect(parseDayTotals("").size).toBe(0);
  });

  it("skips entries that are not a day and a count", () => {
    expect([...parseDayTotals("2026-11-22=5, yesterday=3, 2026-11-21=-1, 2026-11-20=x, 2026-11-19=7")]).toEqual([
      ["2026-11-22", 5],
      ["2026-11-19", 7],
    ]);
  });
});
