import { formatHour12, scheduledSlots, WEEKDAY_NAMES, type DigestSchedule } from "@/lib/digests/schedule";

// The dashboard's "Scheduled Email" wording (SPEC §2, table by emailFrequency).

export type ScheduleSummary = { title: string; text: string };

export function scheduleSummary(settings: DigestSchedule): ScheduleSummary {
  // scheduledSlots applies SPEC's reading: weekly uses the first selected day (default Monday) and
  // that day's own hour when set, else emailTime.
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
