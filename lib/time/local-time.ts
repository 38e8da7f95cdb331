import { localDateKey } from "@/lib/time/local-day";

// Dates shown in the user's own time zone: the browser's zone may differ from the one the user
// picked, so every displayed date, in the pages and in the digest emails, goes through here (the
// runtime's Intl, as lib/time/wall-clock.ts; docs/decisions/0313-digest-schedule-vocabulary.md).

type Instant = Date | string;

function toTime(at: Instant): number {
  return typeof at === "string" ? new Date(at).getTime() : at.getTime();
}

// The ways the app writes a date or a time, in the browser's Intl (no date library in the pages).
const STYLES = {
  /** "3:30 PM" */
  time: { hour: "numeric", minute: "2-digit", hour12: true },
  /** "Sunday, November 22, 2026" */
  weekdayDate: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  /** "November 22, 2026" */
  date: { month: "long", day: "numeric", year: "numeric" },
  /** "Nov 22, 2026" */
  shortDate: { month: "short", day: "numeric", year: "numeric" },
  /** "November 22" */
  monthDay: { month: "long", day: "numeric" },
  /** "Thursday, December 3": a day soon enough that its year goes without saying */
  weekdayMonthDay: { weekday: "long", month: "long", day: "numeric" },
  /** "Nov 22, 3:30 PM": when a link in a digest was saved */
  monthDayTime: { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date or time of `at` in `timeZone`, in one of the app's styles (en-US). */
export function formatInZone(at: Instant, timeZone: string, style: DateStyle): string {
  const key = `${style} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...STYLES[style], timeZone });
    formatters.set(key, formatter);
  }
  // ICU writes a narrow no-break space before AM/PM; the app's texts have a plain one.
  return formatter.format(new Date(toTime(at))).replace(/[\u00a0\u202f]/g, " ");
}

/** True when both instants fall on the same local calendar day of `timeZone`. */
export function isSameLocalDay(timeZone: string, a: Instant, b: Instant): boolean {
  return localDateKey(timeZone, new Date(toTime(a))) === localDateKey(timeZone, new Date(toTime(b)));
}

export type DateGroup<T> = { key: string; label: string; items: T[] };

/**
 * Items grouped by their local creation date, in the order first seen: a list sorted newest first
 * gives the newest date first. Label: "November 21, 2026".
 */
export function groupByLocalDate<T extends { createdAt: string }>(
  items: readonly T[],
  timeZone: string,
): DateGroup<T>[] {
  const groups = new Map<string, DateGroup<T>>();
  for (const item of items) {
    const key = localDateKey(timeZone, new Date(item.createdAt));
    let group = groups.get(key);
    if (!group) {
      group = { key, label: formatInZone(item.createdAt, timeZone, "date"), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** "1 link", "2 links". */
export function linkCount(count: number): string {
  return `${count} ${count === 1 ? "link" : "links"}`;
}

/**
 * When a link was saved, for a card that is not under its date's heading (Back today): the time
 * alone for today, else the date too, so an old link does not look like one saved this morning.
 */
export function savedAtText(savedAt: Instant, timeZone: string, now: Instant): string {
  const time = formatInZone(savedAt, timeZone, "time");
  if (isSameLocalDay(timeZone, savedAt, now)) return time;
  return `${formatInZone(savedAt, timeZone, "shortDate")}, ${time}`;
}
