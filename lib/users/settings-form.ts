// Pure helpers of the settings form: its initial values from the saved user, the hour choices, the
// today/tomorrow reading of an hour, and the PUT /api/user/settings payload of a submitted form.

import type { EmailFrequencyName } from "@/lib/billing/plans";
import { DEFAULT_WEEKDAY, effectiveSchedule, type DigestSchedule } from "@/lib/digests/schedule";
import type { SettingsFormOutput, SettingsFormValues, SettingsRequest } from "@/lib/users/schemas";

/** The settings selects offer 6 AM to 11 PM; the form's default hour is 20 (docs/product.md, "Digests and schedule"). */
export const SETTINGS_HOURS: readonly number[] = Array.from({ length: 18 }, (_, i) => i + 6);
export const DEFAULT_SETTINGS_HOUR = 20;
/** An hour below 7 reads as "tomorrow (early morning)". */
export const TOMORROW_BEFORE_HOUR = 7;

/** What the form starts from: the saved schedule, address and zone (a UserResponse has them). */
export type SettingsUser = DigestSchedule & {
  email: string;
  /** An address waiting for confirmation (lib/users/email-change.ts): the field shows it. */
  pendingEmail?: string | null;
  timezone: string;
  /** Older links each digest brings back (0-5) and whether a day with only those still sends. */
  rediscoverCount: number;
  digestWithoutNewLinks: boolean;
  /** Last week's highlights in the digest. */
  digestHighlights: boolean;
};

export type TimePreference = "today" | "tomorrow";

function isHour(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 23;
}

export function timePreferenceFor(hour: number): TimePreference {
  return hour < TOMORROW_BEFORE_HOUR ? "tomorrow" : "today";
}

/** The hour a select's value names ("6" -> 6), or undefined for anything else. */
export function selectedHour(value: string): number | undefined {
  const hour = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
  return isHour(hour) ? hour : undefined;
}

/**
 * The choices of an hour select: 6 AM to 11 PM, plus the field's current hour when it lies outside
 * them (onboarding offers 12 AM to 6 AM), so a saved early-morning hour shows and can be kept.
 */
export function hourChoices(current: string): number[] {
  const hour = selectedHour(current);
  if (hour === undefined || SETTINGS_HOURS.includes(hour)) return [...SETTINGS_HOURS];
  return [...SETTINGS_HOURS, hour].sort((a, b) => a - b);
}

/**
 * The form's starting values. A daily or custom schedule the plan no longer allows is shown as the
 * weekly schedule it actually runs as (decision 0014); the other tabs start from the
 * saved hours, Monday for a new weekly or custom selection.
 */
export function settingsFormDefaults(user: SettingsUser, allowed: readonly EmailFrequencyName[]): SettingsFormValues {
  const schedule = effectiveSchedule(user, allowed);
  const emailTime = isHour(schedule.emailTime) ? schedule.emailTime : DEFAULT_SETTINGS_HOUR;
  const hourFor = (day: number) => {
    const own = schedule.emailHours[String(day)];
    return isHour(own) ? own : emailTime;
  };
  const weeklyDay = schedule.emailFrequency === "weekly" ? (schedule.emailDays[0] ?? DEFAULT_WEEKDAY) : DEFAULT_WEEKDAY;
  const customDays =
    schedule.emailFrequency === "custom" && schedule.emailDays.length > 0 ? schedule.emailDays : [DEFAULT_WEEKDAY];
  return {
    // The address the user last asked for: saving other preferences keeps a waiting change waiting.
    email: user.pendingEmail ?? user.email,
    emailFrequency: schedule.emailFrequency,
    timePreference: timePreferenceFor(emailTime),
    emailTime: String(emailTime),
    weeklyDay: String(weeklyDay),
    globalHour: String(schedule.emailFrequency === "weekly" ? hourFor(weeklyDay) : emailTime),
    selectedDays: [...customDays],
    dayHours: Object.fromEntries(Array.from({ length: 7 }, (_, day) => [String(day), String(hourFor(day))])),
    timezone: user.timezone,
    rediscoverCount: String(user.rediscoverCount),
    digestWithoutNewLinks: user.digestWithoutNewLinks,
    digestHighlights: user.digestHighlights,
  };
}

/** Each frequency sends its own fields; custom sends hours for the selected days only. */
export function toSettingsRequest(values: SettingsFormOutput): SettingsRequest {
  const common = {
    email: values.email,
    timezone: values.timezone,
    rediscoverCount: Number(values.rediscoverCount),
    digestWithoutNewLinks: values.digestWithoutNewLinks,
    digestHighlights: values.digestHighlights,
  };
  switch (values.emailFrequency) {
    case "daily":
      return { ...common, emailFrequency: "daily", emailTime: Number(values.emailTime) };
    case "weekly": {
      const day = Number(values.weeklyDay);
      return {
        ...common,
        emailFrequency: "weekly",
        emailDays: [day],
        emailHours: { [String(day)]: Number(values.globalHour) },
      };
    }
    case "custom": {
      const days = [...new Set(values.selectedDays)].sort((a, b) => a - b);
      const emailHours = Object.fromEntries(days.map((day) => [String(day), Number(values.dayHours[String(day)])]));
      return { ...common, emailFrequency: "custom", emailDays: days, emailHours };
    }
    case "none":
      return { ...common, emailFrequency: "none" };
  }
}
