import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { localDateKey } from "@/lib/time/local-day";

// Dates shown in the user's own time zone (DESIGN.md §3 "Time zones"): the browser's zone may
// differ from the one the user picked, so every displayed date goes through here.

type Instant = Date | string;

function toTime(at: Instant): number {
  return typeof at === "string" ? new Date(at).getTime() : at.getTime();
}

/** date-fns `pattern` applied to the wall-clock time of `at` in `timeZone`. */
export function formatInZone(at: Instant, timeZone: string, pattern: string): string {
  return format(new TZDate(toTime(at), timeZone), pattern);
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
      group = { key, label: formatInZone(item.createdAt, timeZone, "MMMM d, yyyy"), items: [] };
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
