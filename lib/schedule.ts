// Pure digest-schedule math (DESIGN.md §3 "Time zones", "Digest schedule", "Plans and limits").
//
// Approach: only `Intl.DateTimeFormat` with `timeZone` is used, so the runtime's tz database is the
// single source of truth. A zone's UTC offset at an instant is read by formatting that instant into
// wall-clock parts and diffing them against the instant. To turn a local wall time back into UTC,
// the offsets in force a day before, at and a day after the naive (wall-as-UTC) instant are tried;
// every candidate whose own offset agrees is a real occurrence. Zero occurrences = skipped by a
// spring-forward gap, two = repeated by a fall-back overlap. This works for any offset granularity
// (30/45-minute zones, Lord Howe's 30-minute DST) without hard-coding rules.

import type { EmailFrequencyName } from "@/lib/plans";

export type DigestFrequency = EmailFrequencyName;

export type DigestSchedule = {
  frequency: DigestFrequency;
  /** Local hour 0..23 (daily; fallback for days missing from emailHours). */
  emailTime: number;
  /** Weekday numbers, 0 = Sunday .. 6 = Saturday, in stored order. */
  emailDays: number[];
  /** Weekday number as a string → local hour 0..23. */
  emailHours: Record<string, number>;
};

export type ScheduleSlot = { weekday: number; hour: number };

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** SPEC §9: default weekly day Monday, default hour 8. */
export const DEFAULT_WEEKDAY = 1;
export const DEFAULT_HOUR = 8;

const DAY_MS = 86_400_000;

function isHour(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 23;
}

function isWeekday(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 6;
}

/** Valid, de-duplicated days in stored order: the first stored day is "the first selected day". */
function selectedDays(schedule: DigestSchedule): number[] {
  return [...new Set(schedule.emailDays.filter(isWeekday))];
}

function firstDay(schedule: DigestSchedule): number {
  return selectedDays(schedule)[0] ?? DEFAULT_WEEKDAY;
}

/** The global emailTime, else SPEC's default 8. */
function globalHour(schedule: DigestSchedule): number {
  return isHour(schedule.emailTime) ? schedule.emailTime : DEFAULT_HOUR;
}

/** The day's own hour, else the global one. */
function hourForDay(schedule: DigestSchedule, day: number): number {
  const own = schedule.emailHours[String(day)];
  return isHour(own) ? own : globalHour(schedule);
}

/** The local (weekday, hour) pairs a schedule sends at, before any time-zone resolution. */
export function scheduledSlots(schedule: DigestSchedule): ScheduleSlot[] {
  switch (schedule.frequency) {
    case "daily": {
      const hour = globalHour(schedule);
      return WEEKDAY_NAMES.map((_, weekday) => ({ weekday, hour }));
    }
    case "weekly": {
      const weekday = firstDay(schedule);
      return [{ weekday, hour: hourForDay(schedule, weekday) }];
    }
    case "custom": {
      // Settings requires at least one day; a stored empty list reads as the UI's default, Monday.
      const days = selectedDays(schedule);
      return (days.length > 0 ? days : [DEFAULT_WEEKDAY]).map((weekday) => ({
        weekday,
        hour: hourForDay(schedule, weekday),
      }));
    }
    case "none":
      return [];
  }
}

/**
 * The schedule a plan actually permits. A daily/custom schedule the plan no longer allows falls back
 * to weekly on its first day at that day's hour (DESIGN §3 "Plans and limits").
 */
export function effectiveSchedule(
  schedule: DigestSchedule,
  allowedFrequencies: readonly DigestFrequency[],
): DigestSchedule {
  if (allowedFrequencies.includes(schedule.frequency)) return schedule;
  if (schedule.frequency === "none" || !allowedFrequencies.includes("weekly")) {
    return { ...schedule, frequency: "none" };
  }
  const weekday = firstDay(schedule);
  // A daily schedule's hour is emailTime even if emailHours holds a stale entry for that day.
  const hour = schedule.frequency === "daily" ? globalHour(schedule) : hourForDay(schedule, weekday);
  return {
    frequency: "weekly",
    emailTime: schedule.emailTime,
    emailDays: [weekday],
    emailHours: { [String(weekday)]: hour },
  };
}

/** "8:00 AM", "12:00 AM" (midnight), "12:00 PM" (noon), "11:00 PM". */
export function formatHour12(hour: number): string {
  if (!isHour(hour)) throw new RangeError(`Not an hour 0..23: ${hour}`);
  const suffix = hour < 12 ? "AM" : "PM";
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:00 ${suffix}`;
}

// ---------------------------------------------------------------------------------------------
// Time-zone primitives

type CivilDate = { year: number; month: number; day: number };
type WallTime = CivilDate & { hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for an unknown zone, as Intl does. Formatters are cached: creating one is slow. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallTimeAt(timeZone: string, instantMs: number): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    switch (part.type) {
      case "year":
      case "month":
      case "day":
      case "hour":
      case "minute":
      case "second":
        wall[part.type] = Number(part.value);
        break;
      default:
        break;
    }
  }
  return wall;
}

function wallAsUtcMs(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** Offset (local minus UTC) in ms at an instant; sub-second parts are not shown by Intl, so dropped. */
function offsetMsAt(timeZone: string, instantMs: number): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallAsUtcMs(wallTimeAt(timeZone, wholeSecond)) - wholeSecond;
}

/** Every UTC instant at which the local clock shows `wall`, ascending: 0 (gap), 1, or 2 (overlap). */
function occurrencesOf(timeZone: string, wall: WallTime): number[] {
  const naive = wallAsUtcMs(wall);
  // Transitions are far more than a day apart, so these three offsets cover both sides of any change.
  const offsets = new Set([
    offsetMsAt(timeZone, naive - DAY_MS),
    offsetMsAt(timeZone, naive),
    offsetMsAt(timeZone, naive + DAY_MS),
  ]);
  const found = new Set<number>();
  for (const offset of offsets) {
    const candidate = naive - offset;
    if (offsetMsAt(timeZone, candidate) === offset) found.add(candidate);
  }
  return [...found].sort((a, b) => a - b);
}

function civilDateAt(timeZone: string, instantMs: number): CivilDate {
  const { year, month, day } = wallTimeAt(timeZone, instantMs);
  return { year, month, day };
}

/** Calendar arithmetic on a civil date (Date.UTC normalises overflowing days). */
function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function weekdayOf(date: CivilDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

function compareCivil(a: CivilDate, b: CivilDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * The send instant for a local date and hour: the first occurrence of a repeated hour, or — when the
 * hour is skipped by a spring-forward gap — the next whole local hour that exists (DESIGN §3).
 */
function slotInstantMs(timeZone: string, date: CivilDate, hour: number): number {
  // A gap never spans a whole day in the zones we serve; 48 hours is a generous bound.
  for (let step = 0; step < 48; step++) {
    const d = new Date(Date.UTC(date.year, date.month - 1, date.day, hour + step));
    const wall: WallTime = {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: 0,
      second: 0,
    };
    const first = occurrencesOf(timeZone, wall)[0];
    if (first !== undefined) return first;
  }
  throw new RangeError(`No valid local hour near ${date.year}-${date.month}-${date.day} in ${timeZone}`);
}

/**
 * The first instant the local calendar day `date` is in effect. Usually its first 00:00; when
 * midnight is skipped (e.g. America/Havana in March) it is the transition itself, found by bisection
 * between the instant 00:00 would have under the later offset (still the previous day) and under the
 * earlier one (already this day).
 */
function startOfCivilDayMs(timeZone: string, date: CivilDate): number {
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

// ---------------------------------------------------------------------------------------------
// Public time-zone helpers

/**
 * The first scheduled send strictly after `after`, as a UTC instant, or null when nothing is
 * scheduled. A repeated local hour sends only at its first occurrence, so once that has passed the
 * next send is the following slot, not the repeat.
 */
export function nextDigestAt(schedule: DigestSchedule, timeZone: string, after: Date): Date | null {
  const slots = scheduledSlots(schedule);
  if (slots.length === 0) return null;
  const afterMs = after.getTime();
  const today = civilDateAt(timeZone, afterMs);
  let best: number | null = null;
  // From yesterday (a skipped late hour can spill into today) through a full week ahead.
  for (let offset = -1; offset <= 8; offset++) {
    const date = addDays(today, offset);
    const weekday = weekdayOf(date);
    for (const slot of slots) {
      if (slot.weekday !== weekday) continue;
      const instant = slotInstantMs(timeZone, date, slot.hour);
      if (instant > afterMs && (best === null || instant < best)) best = instant;
    }
  }
  return best === null ? null : new Date(best);
}

/**
 * UTC bounds [start, end) of the local calendar day containing `at`; `end` is the next local day's
 * start, so DST days are 23 or 25 hours long (23.5/24.5 on Lord Howe).
 */
export function localDayBounds(timeZone: string, at: Date): { start: Date; end: Date } {
  const instant = at.getTime();
  let day = lastDayByZone.get(timeZone);
  if (!day || instant < day.startMs || instant >= day.endMs) {
    const date = civilDateAt(timeZone, instant);
    day = { startMs: startOfCivilDayMs(timeZone, date), endMs: startOfCivilDayMs(timeZone, addDays(date, 1)) };
    if (lastDayByZone.size >= MAX_REMEMBERED_ZONES) lastDayByZone.clear();
    lastDayByZone.set(timeZone, day);
  }
  return { start: new Date(day.startMs), end: new Date(day.endMs) };
}

// The last day asked for in each zone: nearly every call (today's links, the free daily limit) asks
// about an instant of the current day, which lies between bounds already found, so the dozen Intl
// formatToParts calls that finding them takes (about 60 µs) are spent once per zone and day.
const lastDayByZone = new Map<string, { startMs: number; endMs: number }>();
const MAX_REMEMBERED_ZONES = 1000;

/** "YYYY-MM-DD" of the local calendar day containing `at`. */
export function localDateKey(timeZone: string, at: Date): string {
  const { year, month, day } = civilDateAt(timeZone, at.getTime());
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
