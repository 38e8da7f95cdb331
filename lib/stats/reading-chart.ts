import type { ReadingWeek } from "@/lib/stats/response";

// The reading chart's drawing and words, from the weekly figures: pure, so the component only
// renders what this returns. Coordinates are in the SVG's viewBox (the SVG scales to its box).

// Short, so History's first link stays on a phone's first screen under the chart.
export const CHART_WIDTH = 320;
export const CHART_HEIGHT = 120;
const PLOT_LEFT = 28;
const PLOT_RIGHT = CHART_WIDTH - 8;
/** Above the plot: the key, one row. */
const PLOT_TOP = 22;
const PLOT_BOTTOM = CHART_HEIGHT - 18;
/** The plot's horizontal extent, for the grid lines. */
export const PLOT_X = { from: PLOT_LEFT, to: PLOT_RIGHT };
/** The key's two entries: a swatch at (x, y) and its word beside it. */
export const KEY = {
  saved: { x: PLOT_LEFT, y: 2, label: "Saved" },
  read: { x: PLOT_LEFT + 58, y: 2, label: "Read" },
  swatch: 9,
};
/** Each week's two bars, side by side, and the gap between them. */
const BAR_WIDTH = 8;
const BAR_GAP = 2;
/** A date under every fourth week, counted back from the current one: three labels fit at phone width. */
const LABEL_EVERY = 4;

export type Rect = { x: number; y: number; width: number; height: number };

export type ChartWeek = {
  /** The week's Monday, "YYYY-MM-DD". */
  key: string;
  /** "Nov 23" */
  label: string;
  saved: number;
  read: number;
  savedBar: Rect;
  readBar: Rect;
  /** Where its date goes, when it has one under the chart. */
  tick: { x: number; y: number } | null;
};

export type GridLine = { y: number; value: number; labelX: number };

export type ReadingChart = {
  /** Nothing saved or read in any of the weeks: a sentence instead of a chart of zeros. */
  empty: boolean;
  /** "Last 12 weeks: 48 saved, 30 read. This week: 5 saved, 2 read." */
  summary: string;
  weeks: ChartWeek[];
  /** The baseline, the middle (when a whole number) and the top of the scale. */
  gridLines: GridLine[];
};

const dayMonth = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 23" for "2026-11-23" (a calendar date: formatted as that date, whatever the zone). */
export function weekLabel(key: string): string {
  const [year = 0, month = 1, day = 1] = key.split("-").map(Number);
  return dayMonth.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * The top of the scale: the smallest of 1, 2, 3, 4, 5, 6, 8 times a power of ten that is at least
 * `max`, so the tallest bar fills most of the height and the scale reads as a round figure.
 */
export function scaleTop(max: number): number {
  if (max <= 1) return 1;
  for (let power = 1; ; power *= 10) {
    for (const step of [1, 2, 3, 4, 5, 6, 8]) if (step * power >= max) return step * power;
  }
}

function total(weeks: readonly ReadingWeek[], series: "saved" | "read"): number {
  return weeks.reduce((sum, week) => sum + week[series], 0);
}

export function readingSummary(weeks: readonly ReadingWeek[]): string {
  const current = weeks.at(-1) ?? { saved: 0, read: 0 };
  return (
    `Last ${weeks.length} weeks: ${total(weeks, "saved")} saved, ${total(weeks, "read")} read. ` +
    `This week: ${current.saved} saved, ${current.read} read.`
  );
}

/** The chart of `weeks` (oldest first, the current week last). */
export function readingChart(weeks: readonly ReadingWeek[]): ReadingChart {
  const top = scaleTop(Math.max(0, ...weeks.map((week) => Math.max(week.saved, week.read))));
  const plotHeight = PLOT_BOTTOM - PLOT_TOP;
  const slot = (PLOT_RIGHT - PLOT_LEFT) / Math.max(1, weeks.length);
  const y = (value: number) => PLOT_BOTTOM - (value / top) * plotHeight;
  const bar = (x: number, value: number): Rect => ({
    x,
    y: y(value),
    width: BAR_WIDTH,
    height: PLOT_BOTTOM - y(value),
  });
  const chartWeeks = weeks.map((week, i): ChartWeek => {
    const center = PLOT_LEFT + slot * (i + 0.5);
    const labelled = (weeks.length - 1 - i) % LABEL_EVERY === 0;
    return {
      key: week.week,
      label: weekLabel(week.week),
      saved: week.saved,
      read: week.read,
      savedBar: bar(center - BAR_GAP / 2 - BAR_WIDTH, week.saved),
      readBar: bar(center + BAR_GAP / 2, week.read),
      tick: labelled ? { x: center, y: CHART_HEIGHT - 5 } : null,
    };
  });
  const values = top % 2 === 0 ? [0, top / 2, top] : [0, top];
  return {
    empty: weeks.every((week) => week.saved === 0 && week.read === 0),
    summary: readingSummary(weeks),
    weeks: chartWeeks,
    gridLines: values.map((value) => ({ y: y(value), value, labelX: PLOT_LEFT - 4 })),
  };
}
