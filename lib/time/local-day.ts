import {
  addDays,
  civilDateAt,
  compareCivil,
  DAY_MS,
  occurrencesOf,
  offsetMsAt,
  wallAsUtcMs,
  type CivilDate,
  type WallTime,
} from "@/lib/time/wall-clock";

// The user's local calendar day ("today", the free daily limits, export file names), pure.

/**
 * The first instant the local calendar day `date` is in effect. Usually its first 00:00; when
 * midnight is skipped (e.g. America/Havana in March) it is the transition itself, found by bisection
 * between the instant 00:00 would have under the later offset (still the previous day) and under the
 * earlier one (already this day).
 */
function startOfCivilDayMs(timeZone: string, date: CivilDate): number {
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = findStartOfCivilDayMs(timeZone, date);
    if (dayStarts.size >= MAX_REMEMBERED_DAY_STARTS) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

// Where a local day starts never changes (for a given tz database), and finding it takes about six
// Intl formatToParts calls: remembered, so "today" costs one Intl call per request (the instant's
// date) and a history page of 50 days one per day, not 13 (decision 0044).
const dayStarts = new Map<string, number>();
const MAX_REMEMBERED_DAY_STARTS = 100_000;

function findStartOfCivilDayMs(timeZone: string, date: CivilDate): number {
  const midnight: WallTime = { ...date, hour: 0, minute: 0, second: 0 };
  const first = occurrencesOf(timeZone, midnight)[0];
  if (first !== undefined) return first;
  const naive = wallAsUtcMs(midnight);
  let before = naive - offsetMsAt(timeZone, naive + DAY_MS);
  let after = naive - offsetMsAt(timeZone, naive - DAY_MS);
  // Transitions fall on whole seconds; bisect to that precision.
  while (after - before > 1000) {
    const mid = before + Math.floor((after - before) / 2000) * 1000;
    if (compareCivil(civilDateAt(timeZone, mid), date) < 0) before = mid;
    else after = mid;
  }
  return after;
}

/** The first instant of the local calendar day `date` (its 00:00, or the jump when midnight is skipped). */
export function startOfLocalDate(timeZone: string, date: CivilDate): Date {
  return new Date(startOfCivilDayMs(timeZone, date));
}

/** A local calendar day: its "YYYY-MM-DD" key and its UTC bounds [start, end). */
export type LocalDay = { key: string; start: Date; end: Date };

/** The local calendar day containing `at`. */
export function localDay(timeZone: string, at: Date): LocalDay {
  const date = civilDateAt(timeZone, at.getTime());
  return {
    key: civilDateKey(date),
    start: new Date(startOfCivilDayMs(timeZone, date)),
    end: new Date(startOfCivilDayMs(timeZone, addDays(date, 1))),
  };
}

/**
 * The local day before `day` (one localDay gave): its bounds come from the remembered day starts,
 * with no Intl call once they are known, so a list walking back day by day asks Intl only for the
 * days it skips to.
 */
export function dayBefore(timeZone: string, day: LocalDay): LocalDay {
  const [year = 0, month = 0, date = 0] = day.key.split("-").map(Number);
  const previous = addDays({ year, month, day: date }, -1);
  return { key: civilDateKey(previous), start: new Date(startOfCivilDayMs(timeZone, previous)), end: day.start };
}

/**
 * UTC bounds [start, end) of the local calendar day containing `at`; `end` is the next local day's
 * start, so DST days are 23 or 25 hours long (23.5/24.5 on Lord Howe).
 */
export function localDayBounds(timeZone: string, at: Date): { start: Date; end: Date } {
  const { start, end } = localDay(timeZone, at);
  return { start, end };
}

/** "YYYY-MM-DD" of the local calendar day containing `at`. */
export function localDateKey(timeZone: string, at: Date): string {
  return civilDateKey(civilDateAt(timeZone, at.getTime()));
}

/** "YYYY-MM-DD" of a civil date. */
export function civilDateKey({ year, month, day }: CivilDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
