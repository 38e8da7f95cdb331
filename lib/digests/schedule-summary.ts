import { isInTrial, type PlanUser } from "@/lib/billing/plans";
import {
  formatHour12,
  scheduleAllowedAt,
  scheduledSlots,
  WEEKDAY_NAMES,
  type DigestSchedule,
} from "@/lib/digests/schedule";
import { formatInZone } from "@/lib/time/local-time";

// The dashboard's "Scheduled Email" wording, one title and text per frequency (docs/product.md,
// "Digests and schedule"), and what the dashboard and Settings tell a user about what will arrive.

export type ScheduleSummary = { title: string; text: string };

export function scheduleSummary(settings: DigestSchedule): ScheduleSummary {
  // scheduledSlots applies the product's reading: weekly uses the first selected day (default
  // Monday) and that day's own hour when set, else emailTime.
  const [slot] = scheduledSlots(settings);
  switch (settings.emailFrequency) {
    case "daily":
      return {
        title: "Daily Email",
        text: `You'll receive a daily email with all your saved links at ${formatHour12(slot?.hour ?? settings.emailTime)}.`,
      };
    case "weekly": {
      const weekday = WEEKDAY_NAMES[slot?.weekday ?? 1] ?? "Monday";
      return {
        title: "Weekly Email",
        text: `You'll receive a weekly email every ${weekday} at ${formatHour12(slot?.hour ?? settings.emailTime)}.`,
      };
    }
    case "custom":
      return { title: "Custom Email Schedule", text: "You'll receive emails on your custom schedule." };
    case "none":
      return { title: "Email Notifications Off", text: "You have disabled automated email digests." };
  }
}

const FREQUENCY_WORDS: Record<DigestSchedule["emailFrequency"], string> = {
  daily: "daily",
  weekly: "weekly",
  custom: "custom",
  none: "",
};

/** The Scheduled Email words for what will arrive, and a note when that differs from what was chosen. */
export type ScheduledEmailText = ScheduleSummary & { note: string | null };

/**
 * What the dashboard's Scheduled Email section and Settings say will arrive: the schedule as the plan
 * permits it now, and a note when that differs from the chosen one, or will once the trial ends.
 */
export function scheduledEmailText(
  user: DigestSchedule & PlanUser & { timezone: string },
  now: Date,
  billingEnabled: boolean,
): ScheduledEmailText {
  const allowed = scheduleAllowedAt(user, user, now, billingEnabled);
  const summary = scheduleSummary(allowed);
  const chosen = FREQUENCY_WORDS[user.emailFrequency];
  if (allowed.emailFrequency !== user.emailFrequency) {
    return {
      ...summary,
      note: `Your ${chosen} schedule is a Pro feature, so your digest is sent weekly until you upgrade.`,
    };
  }
  // A daily or custom schedule that only the trial allows changes when the trial ends: say so now.
  const trialEnd = isInTrial(user, now) ? user.trialEndsAt : null;
  if (trialEnd !== null) {
    const after = scheduleAllowedAt(user, user, trialEnd, billingEnabled);
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
