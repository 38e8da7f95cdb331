import { addDays, civilDateAt, type CivilDate, weekdayOf } from "@/lib/time/wall-clock";

// "Remind me": the day a link comes back is a calendar day of its owner's time zone, written
// "YYYY-MM-DD" (docs/product.md, "Remind me"; docs/decisions/0320-remind-me.md). Pure, so the menu
// in the browser and the API on the server read days the same way.

/** A reminder may be set at most this many years ahead. */
export const REMINDER_YEARS_AHEAD = 5;

const SATURDAY = 6;
const MONDAY = 1;

/** "2026-12-05" of a calendar date. */
export function dayKey({ year, month, day }: CivilDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The owner's today: the calendar date in their time zone at `now`. */
export function localToday(timeZone: string, now: Date): CivilDate {
  return civilDateAt(timeZone, now.getTime());
}

/** The calendar date "YYYY-MM-DD" names, or null when it is malformed or no such day exists (2026-02-30). */
export function parseDayKey(key: string): CivilDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls an impossible day over into the next month; a real one comes back as written.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** `months` calendar months after `date`, on the same day or the month's last when it is shorter. */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

/** The last day a reminder may be set on: five years after today (28 February for a 29th). */
export function latestReminderDay(today: CivilDate): CivilDate {
  return addMonths(today, REMINDER_YEARS_AHEAD * 12);
}

export type ReminderPreset = "tomorrow" | "weekend" | "next-week" | "month";

/** The menu's choices, in its order, with their names. */
export const REMINDER_PRESETS: readonly { preset: ReminderPreset; label: string }[] = [
  { preset: "tomorrow", label: "Tomorrow" },
  { preset: "weekend", label: "This weekend" },
  { preset: "next-week", label: "Next week" },
  { preset: "month", label: "In a month" },
];

/**
 * The day a preset names, from the owner's today:
 * - Tomorrow: the next day.
 * - This weekend: the coming Saturday; on a Saturday or a Sunday, the weekend is already here, so
 *   the next Saturday (6 or 7 days on), never today.
 * - Next week: the next Monday (a week on, from a Monday).
 * - In a month: the same day next month, or that month's last day when it is shorter (31 January
 *   gives 28 or 29 February).
 */
export function reminderDay(preset: ReminderPreset, today: CivilDate): CivilDate {
  const weekday = weekdayOf(today);
  switch (preset) {
    case "tomorrow":
      return addDays(today, 1);
    case "weekend":
      return addDays(today, (SATURDAY - weekday + 7) % 7 || 7);
    case "next-week":
      return addDays(today, (MONDAY - weekday + 7) % 7 || 7);
    case "month":
      return addMonths(today, 1);
  }
}

export type ReminderDayProblem = "past" | "too-far";

/** Why `day` cannot be a reminder day when it is `today` for the owner, or null when it can. */
export function reminderDayProblem(day: CivilDate, today: CivilDate): ReminderDayProblem | null {
  const key = dayKey(day);
  if (key < dayKey(today)) return "past";
  if (key > dayKey(latestReminderDay(today))) return "too-far";
  return null;
}

const SHORT_DAY = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const SHORT_DAY_WITH_YEAR = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Sat, Dec 5"; with the year when the day is not in today's year ("Mon, Jan 4, 2027"). */
export function formatReminderDay(day: CivilDate, today: CivilDate): string {
  const formatter = day.year === today.year ? SHORT_DAY : SHORT_DAY_WITH_YEAR;
  return formatter.format(new Date(Date.UTC(day.year, day.month - 1, day.day)));
}

/** What a link item says of its reminder: "Back today" once the day has come, else "Back on Sat, Dec 5". */
export function reminderText(remindOn: string, today: CivilDate): string {
  const day = parseDayKey(remindOn);
  if (!day || remindOn <= dayKey(today)) return "Back today";
  return `Back on ${formatReminderDay(day, today)}`;
}
