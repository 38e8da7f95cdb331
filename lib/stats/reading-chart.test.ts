import { describe, expect, it } from "vitest";
import type { ReadingWeek } from "@/lib/stats/response";
import { CHART_HEIGHT, CHART_WIDTH, KEY, readingChart, readingSummary, scaleTop, weekLabel } from "./reading-chart";

const MONDAYS = [
  "2026-09-07",
  "2026-09-14",
  "2026-09-21",
  "2026-09-28",
  "2026-10-05",
  "2026-10-12",
  "2026-10-19",
  "2026-10-26",
  "2026-11-02",
  "2026-11-09",
  "2026-11-16",
  "2026-11-23",
];

function weeksOf(counts: Array<[saved: number, read: number]>): ReadingWeek[] {
  return MONDAYS.map((week, i) => ({ week, saved: counts[i]?.[0] ?? 0, read: counts[i]?.[1] ?? 0 }));
}

describe("readingSummary", () => {
  it("totals the 12 weeks and names the current one", () => {
    const weeks = weeksOf([
      [10, 3],
      [0, 0],
      [8, 5],
      [4, 4],
      [3, 2],
      [2, 2],
      [5, 3],
      [1, 1],
      [4, 2],
      [3, 4],
      [3, 2],
      [5, 2],
    ]);
    expect(readingSummary(weeks)).toBe("Last 12 weeks: 48 saved, 30 read. This week: 5 saved, 2 read.");
  });

  it("says 0 for a quiet current week", () => {
    expect(readingSummary(weeksOf([[1, 0]]))).toBe("Last 12 weeks: 1 saved, 0 read. This week: 0 saved, 0 read.");
  });
});

describe("scaleTop", () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [7, 8],
    [9, 10],
    [11, 20],
    [21, 30],
    [61, 80],
    [81, 100],
    [101, 200],
    [2229, 3000],
  ])("%i -> %i", (max, top) => expect(scaleTop(max)).toBe(top));
});

describe("weekLabel", () => {
  it("writes the Monday as month and day, whatever the process's zone", () => {
    expect(weekLabel("2026-11-23")).toBe("Nov 23");
    expect(weekLabel("2027-01-04")).toBe("Jan 4");
  });
});

describe("readingChart", () => {
  it("is empty when nothing was saved or read in any week", () => {
    const chart = readingChart(weeksOf([]));
    expect(chart.empty).toBe(true);
    expect(chart.summary).toBe("Last 12 weeks: 0 saved, 0 read. This week: 0 saved, 0 read.");
  });

  it("is not empty when only reads happened", () => {
    expect(readingChart(weeksOf([[0, 1]])).empty).toBe(false);
  });

  it("draws the tallest bar to the top of the scale and zero as no height, on one baseline", () => {
    const chart = readingChart(
      weeksOf([
        [8, 0],
        [4, 2],
      ]),
    );
    const [first, second] = chart.weeks;
    const baseline = (bar: { y: number; height: number }) => bar.y + bar.height;
    expect(first?.savedBar.height).toBeCloseTo(2 * (second?.savedBar.height ?? 0));
    expect(first?.readBar.height).toBe(0);
    expect(second?.readBar.height).toBeCloseTo((second?.savedBar.height ?? 0) / 2);
    const bars = chart.weeks.flatMap((week) => [week.savedBar, week.readBar]);
    expect(new Set(bars.map(baseline)).size).toBe(1);
    // The scale's top is 8: its grid line is where the tallest bar ends.
    expect(chart.gridLines.map((line) => line.value)).toEqual([0, 4, 8]);
    expect(chart.gridLines.at(-1)?.y).toBeCloseTo(first?.savedBar.y ?? NaN);
  });

  it("keeps every bar inside the drawing, the weeks left to right, saved before read", () => {
    const chart = readingChart(weeksOf(MONDAYS.map((_, i) => [i * 7, i * 3])));
    let previous = -Infinity;
    for (const week of chart.weeks) {
      for (const bar of [week.savedBar, week.readBar]) {
        expect(bar.x).toBeGreaterThanOrEqual(0);
        expect(bar.x + bar.width).toBeLessThanOrEqual(CHART_WIDTH);
        // Below the key's row.
        expect(bar.y).toBeGreaterThan(KEY.saved.y + KEY.swatch);
        expect(bar.y + bar.height).toBeLessThanOrEqual(CHART_HEIGHT);
      }
      expect(week.savedBar.x + week.savedBar.width).toBeLessThanOrEqual(week.readBar.x);
      expect(week.savedBar.x).toBeGreaterThan(previous);
      previous = week.readBar.x;
    }
  });

  it("dates the current week and every fourth one before it", () => {
    const chart = readingChart(weeksOf([]));
    expect(chart.weeks.filter((week) => week.tick).map((week) => week.label)).toEqual(["Sep 28", "Oct 26", "Nov 23"]);
  });

  it("labels no middle grid line when half the scale is no whole number", () => {
    expect(readingChart(weeksOf([[3, 1]])).gridLines.map((line) => line.value)).toEqual([0, 3]);
  });
});
