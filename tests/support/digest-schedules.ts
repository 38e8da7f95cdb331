import { nextDigestAt, type DigestSchedule } from "@/lib/digests/schedule";

// Schedules and their sends as the schedule's tests write them, shared by its test files.

/** Billing off: every frequency is open, so these tests see the schedule's own slots. */
export const ANY_PLAN = { trialEndsAt: null, proUntil: null };

export function daily(hour: number): DigestSchedule {
  return { emailFrequency: "daily", emailTime: hour, emailDays: [], emailHours: {} };
}

export function weekly(day: number, hour: number): DigestSchedule {
  return { emailFrequency: "weekly", emailTime: 20, emailDays: [day], emailHours: { [String(day)]: hour } };
}

/** The first send strictly after `afterIso`, as an ISO string. */
export function next(schedule: DigestSchedule, timeZone: string, afterIso: string): string | undefined {
  return nextDigestAt(schedule, ANY_PLAN, timeZone, new Date(afterIso), false)?.toISOString();
}

/** The sends a schedule makes, in order, starting strictly after `afterIso`. */
export function sends(schedule: DigestSchedule, timeZone: string, afterIso: string, count: number): string[] {
  const result: string[] = [];
  let after = new Date(afterIso);
  for (let i = 0; i < count; i++) {
    const at = nextDigestAt(schedule, ANY_PLAN, timeZone, after, false);
    if (!at) break;
    result.push(at.toISOString());
    after = at;
  }
  return result;
}

/** Offset as the runtime names it ("GMT-05:00"), read independently of the module under test. */
export function offsetName(timeZone: string, iso: string): string | undefined {
  return new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(new Date(iso))
    .find((part) => part.type === "timeZoneName")?.value;
}
