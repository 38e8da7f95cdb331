import { civilDateKey, startOfLocalDate } from "@/lib/time/local-day";
import { addDays, civilDateAt, weekdayOf } from "@/lib/time/wall-clock";

// The user's local calendar weeks, Monday to Sunday (ISO 8601, as most of the world counts them),
// pure. A week is seven local days, so across a DST change it is 167 or 169 hours long.

/** A local week: its Monday's "YYYY-MM-DD" key and its UTC bounds [start, end). */
export type LocalWeek = { key: string; start: Date; end: Date };

/** The `count` local weeks up to and including the one containing `at`, oldest first. */
export function localWeeksUpTo(timeZone: string, at: Date, count: number): LocalWeek[] {
  const today = civilDateAt(timeZone, at.getTime());
  // weekdayOf counts from Sunday (0); Monday is 0 days back, Sunday 6.
  const thisMonday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const weeks: LocalWeek[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const monday = addDays(thisMonday, -7 * back);
    weeks.push({
      key: civilDateKey(monday),
      start: startOfLocalDate(timeZone, monday),
      end: startOfLocalDate(timeZone, addDays(monday, 7)),
    });
  }
  return weeks;
}
