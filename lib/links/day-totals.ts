// The X-Day-Totals header of a page of links (decision 0182): how many links each local day on the
// page holds in all, with the page's filters, so a day's header can show its true total while only
// some of its links are loaded. "2026-11-22=120, 2026-11-21=3". Pure: the browser reads it too.

export const DAY_TOTALS_HEADER = "X-Day-Totals";

const ENTRY = /^(\d{4}-\d{2}-\d{2})=(\d{1,9})$/;

export function formatDayTotals(totals: ReadonlyMap<string, number>): string {
  return [...totals].map(([day, total]) => `${day}=${total}`).join(", ");
}

/** The totals in a header value; entries that are not "YYYY-MM-DD=N" are skipped. */
export function parseDayTotals(header: string | null): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of (header ?? "").split(",")) {
    const match = ENTRY.exec(entry.trim());
    if (match?.[1] && match[2]) totals.set(match[1], Number(match[2]));
  }
  return totals;
}
