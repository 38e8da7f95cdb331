// The words a digest uses for links that come back (docs/product.md, "Links come back"): why a link
// from the stash is back, and the line of progress for the period the digest covers. Pure, so the
// email, its plain text and the tests agree.
import { civilDateAt, DAY_MS } from "@/lib/time/wall-clock";

const plural = (count: number, unit: string) => `${count === 1 ? "a" : count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * Why a link is back under "From your stash": "Saved a year ago today" on the anniversary of its
 * save day (local calendar), else how long it has waited, in the largest whole unit ("Saved 8 months
 * ago", "Saved 3 weeks ago"). `day` is the digest's local day ("YYYY-MM-DD").
 */
export function savedAgo(createdAt: Date, day: string, timeZone: string): string {
  const saved = civilDateAt(timeZone, createdAt.getTime());
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  const years = year - saved.year;
  if (years > 0 && month === saved.month && date === saved.day) return `Saved ${plural(years, "year")} ago today`;
  // Whole calendar days between the two local dates, then months as the calendar counts them.
  const days = Math.round(
    (Date.UTC(year, month - 1, date) - Date.UTC(saved.year, saved.month - 1, saved.day)) / DAY_MS,
  );
  const months = (year - saved.year) * 12 + (month - saved.month) - (date < saved.day ? 1 : 0);
  if (months >= 12) return `Saved ${plural(Math.floor(months / 12), "year")} ago`;
  if (months >= 1) return `Saved ${plural(months, "month")} ago`;
  if (days >= 7) return `Saved ${plural(Math.floor(days / 7), "week")} ago`;
  if (days <= 0) return "Saved today";
  if (days === 1) return "Saved yesterday";
  return `Saved ${plural(days, "day")} ago`;
}

export type ProgressCounts = {
  /** Links saved in the period. */
  saved: number;
  /** Links marked read in the period. */
  read: number;
  /** Links digests brought back in the period, this one's included. */
  cameBack: number;
};

/**
 * The period a digest covers, named for its reader: "Today" for a day or less, "This week" for a
 * week (a weekly digest), "In the last N days" otherwise, and "So far" for a first digest, which
 * covers everything before it.
 */
export function progressPeriod(windowStart: Date | null, windowEnd: Date): string {
  if (windowStart === null) return "So far";
  const days = Math.round((windowEnd.getTime() - windowStart.getTime()) / DAY_MS);
  if (days <= 1) return "Today";
  if (days === 7) return "This week";
  return `In the last ${days} days`;
}

/** "This week: 12 saved, 5 read, 3 came back". */
export function progressLine(period: string, { saved, read, cameBack }: ProgressCounts): string {
  return `${period}: ${saved} saved, ${read} read, ${cameBack} came back`;
}
