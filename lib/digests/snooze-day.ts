import { addDays, civilDateAt } from "@/lib/time/wall-clock";
import { formatInZone } from "@/lib/time/local-time";

// "Snooze a week" from a digest: the link comes back on the owner's local calendar day a week from
// today, in the zone they picked (not the server's, not the mail client's). Pure.

export const SNOOZE_DAYS = 7;

/** "YYYY-MM-DD": the owner's local day `SNOOZE_DAYS` after the one containing `now`. */
export function snoozeDay(timeZone: string, now: Date): string {
  const { year, month, day } = addDays(civilDateAt(timeZone, now.getTime()), SNOOZE_DAYS);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A `YYYY-MM-DD` calendar day as the DATE column stores it (midnight UTC), and back. */
export const calendarDayAsDate = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
export const calendarDayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** "Thursday, December 3": the day itself, whatever the reader's zone (it is a calendar day, not an instant). */
export const formatCalendarDay = (day: string): string =>
  formatInZone(calendarDayAsDate(day), "UTC", "weekdayMonthDay");
