// What a user will actually receive, pure: the saved schedule as the plan allows it at a moment, the
// next send instant across a plan change (a trial ending between now and the next slot), and the
// words the dashboard and Settings both show. The dispatcher, the dashboard and Settings all read
// this module, so what is promised is what is sent.

import { entitlements, isInTrial, type PlanUser } from "@/lib/billing/plans";
import {
  effectiveSchedule,
  formatHour12,
  nextDigestAt,
  scheduledSlots,
  WEEKDAY_NAMES,
  type DigestSchedule,
} from "@/lib/digests/schedule";
import { scheduleSummary, type ScheduleSummary } from "@/lib/digests/schedule-summary";
import { formatInZone } from "@/lib/time/local-time";

/** The schedule the plan permits at `at` (a free account past its trial runs daily/custom as weekly). */
export function deliveredSchedule(
  schedule: DigestSchedule,
  plan: PlanUser,
  at: Date,
  billingEnabled: boolean,
): DigestSchedule {
  return effectiveSchedule(schedule, entitlements(plan, at, billingEnabled).frequencies);
}

/**
 * The next scheduled send strictly after `after`, under the plan as it stands at that send: a daily
 * slot that falls after the trial ends is not sent; the weekly slot it falls back to is. The fallback's
 * slots are a subset of the saved schedule's, so the second lookup never lands before the first.
 */
export function nextDeliveredDigest(
  schedule: DigestSchedule,
  plan: PlanUser,
  timeZone: string,
  after: Date,
  billingEnabled: boolean,
): Date | null {
  const now = deliveredSchedule(schedule, plan, after, billingEnabled);
  const first = nextDigestAt(now, timeZone, after);
  if (first === null) return null;
  const atSend = deliveredSchedule(schedule, plan, first, billingEnabled);
  return atSend.emailFrequency === now.emailFrequency ? first : nextDigestAt(atSend, timeZone, after);
}

const FREQUENCY_WORDS: Record<DigestSchedule["emailFrequency"], string> = {
  daily: "daily",
  weekly: "weekly",
  custom: "custom",
  none: "",
};

/** The dashboard's Scheduled Email words for what will arrive, and a note when that differs from what was chosen. */
export type DigestPromise = ScheduleSummary & { note: string | null };

export function digestPromise(
  user: DigestSchedule & PlanUser & { timezone: string },
  now: Date,
  billingEnabled: boolean,
): DigestPromise {
  const delivered = deliveredSchedule(user, user, now, billingEnabled);
  const summary = scheduleSummary(delivered);
  const chosen = FREQUENCY_WORDS[user.emailFrequency];
  if (delivered.emailFrequency !== user.emailFrequency) {
    return {
      ...summary,
      note: `Your ${chosen} schedule is a Pro feature, so your digest is sent weekly until you upgrade.`,
    };
  }
  // A daily or custom schedule that only the trial allows changes when the trial ends: say so now.
  const trialEnd = isInTrial(user, now) ? user.trialEndsAt : null;
  if (trialEnd !== null) {
    const after = deliveredSchedule(user, user, trialEnd, billingEnabled);
    if (after.emailFrequency !== user.emailFrequency) {
      const [slot] = scheduledSlots(after);
      const when = slot ? ` every ${WEEKDAY_NAMES[slot.weekday] ?? "Monday"} at ${formatHour12(slot.hour)}` : "";
      const ends = formatInZone(trialEnd, user.timezone, "monthDay");
      return {
        ...summary,
        note: `Your ${chosen} schedule is a Pro feature: after your trial ends on ${ends}, your digest is sent weekly${when} until you upgrade.`,
      };
    }
  }
  return { ...summary, note: null };
}
