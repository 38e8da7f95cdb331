// The digest schedule rule, pure (product rules: docs/product.md, "Digests and schedule"; design:
// docs/decisions/0014-digest-schedule.md): which local (weekday, hour) slots a schedule sends at,
// what a plan permits, and `nextDigestAt`, the one answer to "when is this user's next digest".
// The wall-clock arithmetic in the user's zone is lib/time/wall-clock.ts.

import { entitlements, type EmailFrequencyName, type PlanUser } from "@/lib/billing/plans";
import type { User } from "@/lib/generated/prisma/client";
import { addDays, civilDateAt, firstInstantOfLocalHour, weekdayOf } from "@/lib/time/wall-clock";

export type DigestFrequency = EmailFrequencyName;

export type DigestSchedule = {
  emailFrequency: DigestFrequency;
  /** Local hour 0..23 (daily; fallback for days missing from emailHours). */
  emailTime: number;
  /** Weekday numbers, 0 = Sunday .. 6 = Saturday, in stored order. */
  emailDays: number[];
  /** Weekday number as a string → local hour 0..23. */
  emailHours: Record<string, number>;
};

/** The emailHours column as a weekday -> hour map (bad stored data reads as empty). */
export function readEmailHours(value: unknown): Record<string, number> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const entries = Object.entries(value);
  return entries.every(([, hour]) => typeof hour === "number" && isHour(hour)) ? Object.fromEntries(entries) : {};
}

/** The stored email preferences of a user as a schedule. */
export function scheduleOf(
  user: Pick<User, "emailFrequency" | "emailTime" | "emailDays" | "emailHours">,
): DigestSchedule {
  return {
    emailFrequency: user.emailFrequency,
    emailTime: user.emailTime,
    emailDays: user.emailDays,
    emailHours: readEmailHours(user.emailHours),
  };
}

export type ScheduleSlot = { weekday: number; hour: number };

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The product's defaults: a weekly digest goes out on Monday, at 8 in the morning. */
export const DEFAULT_WEEKDAY = 1;
export const DEFAULT_HOUR = 8;

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

/** The global emailTime, else the default hour. */
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
  switch (schedule.emailFrequency) {
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
 * to weekly on its first day at that day's hour.
 */
export function effectiveSchedule(
  schedule: DigestSchedule,
  allowedFrequencies: readonly DigestFrequency[],
): DigestSchedule {
  if (allowedFrequencies.includes(schedule.emailFrequency)) return schedule;
  if (schedule.emailFrequency === "none" || !allowedFrequencies.includes("weekly")) {
    return { ...schedule, emailFrequency: "none" };
  }
  const weekday = firstDay(schedule);
  // A daily schedule's hour is emailTime even if emailHours holds a stale entry for that day.
  const hour = schedule.emailFrequency === "daily" ? globalHour(schedule) : hourForDay(schedule, weekday);
  return {
    emailFrequency: "weekly",
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

/**
 * The schedule's own first slot strictly after `after`, as a UTC instant, or null when nothing is
 * scheduled; the plan is not applied here (nextDigestAt does that). A repeated local hour sends only
 * at its first occurrence, so once that has passed the next send is the following slot, not the repeat.
 */
function nextSlotAfter(schedule: DigestSchedule, timeZone: string, after: Date): Date | null {
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
      // A repeated hour sends at its first occurrence; a skipped one at the next hour that exists.
      const instant = firstInstantOfLocalHour(timeZone, date, slot.hour);
      if (instant > afterMs && (best === null || instant < best)) best = instant;
    }
  }
  return best === null ? null : new Date(best);
}

/** The schedule the plan permits at `at` (a free account past its trial runs daily/custom as weekly). */
export function scheduleAllowedAt(
  schedule: DigestSchedule,
  plan: PlanUser,
  at: Date,
  billingEnabled: boolean,
): DigestSchedule {
  return effectiveSchedule(schedule, entitlements(plan, at, billingEnabled).frequencies);
}

/**
 * When this user's next digest goes out: the first send strictly after `after`, in `timeZone`,
 * under the plan as it stands at that send, or null when none is scheduled. This is the value stored
 * as `User.nextDigestAt`. A daily slot that falls after the trial ends is not sent; the weekly slot
 * it falls back to is. The fallback's slots are a subset of the saved schedule's, so the second
 * lookup never lands before the first.
 */
export function nextDigestAt(
  schedule: DigestSchedule,
  plan: PlanUser,
  timeZone: string,
  after: Date,
  billingEnabled: boolean,
): Date | null {
  const now = scheduleAllowedAt(schedule, plan, after, billingEnabled);
  const first = nextSlotAfter(now, timeZone, after);
  if (first === null) return null;
  const atSend = scheduleAllowedAt(schedule, plan, first, billingEnabled);
  return atSend.emailFrequency === now.emailFrequency ? first : nextSlotAfter(atSend, timeZone, after);
}
