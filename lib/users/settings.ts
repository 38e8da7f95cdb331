import "server-only";
import { env } from "@/lib/env";
import { forbidden } from "@/lib/http/errors";
import type { User } from "@/lib/generated/prisma/client";
import { entitlements } from "@/lib/billing/plans";
import { nextDigestAt, scheduleOf, type DigestSchedule } from "@/lib/digests/schedule";
import { updateUserWithEmail } from "@/lib/users/email-change";
import type { SettingsRequest } from "@/lib/users/schemas";

// PUT /api/user/settings: the email preferences, checked against the plan (docs/product.md,
// "Digests and schedule" and "Limits"), with the next scheduled digest recomputed in the user's zone.

export const PRO_FREQUENCY_MESSAGE = "Daily and custom schedules are Pro features. Upgrade to Pro to use them.";

/**
 * The schedule to store. Each frequency replaces what it owns: daily its hour (and drops per-day
 * hours that would otherwise pick a stale fallback day), weekly and custom their days with only
 * those days' hours; "none" keeps the rest so that turning digests back on starts from them.
 */
export function scheduleToStore(input: SettingsRequest, current: DigestSchedule): DigestSchedule {
  switch (input.emailFrequency) {
    case "daily":
      return { emailFrequency: "daily", emailTime: input.emailTime, emailDays: [], emailHours: {} };
    case "weekly":
    case "custom":
      return {
        emailFrequency: input.emailFrequency,
        emailTime: current.emailTime,
        emailDays: input.emailDays,
        emailHours: Object.fromEntries(
          input.emailDays.map((day) => [String(day), input.emailHours[String(day)] ?? current.emailTime]),
        ),
      };
    case "none":
      return { ...current, emailFrequency: "none" };
  }
}

export async function updateSettings(user: User, input: SettingsRequest, now = new Date()): Promise<User> {
  const allowed = entitlements(user, now, env.billingEnabled).frequencies;
  if (!allowed.includes(input.emailFrequency)) throw forbidden(PRO_FREQUENCY_MESSAGE, "plan_limit");

  const schedule = scheduleToStore(input, scheduleOf(user));
  const timezone = input.timezone ?? user.timezone;
  return updateUserWithEmail(
    user,
    input.email,
    {
      emailFrequency: schedule.emailFrequency,
      emailTime: schedule.emailTime,
      emailDays: schedule.emailDays,
      emailHours: schedule.emailHours,
      timezone,
      // Left as saved when the request does not name them (an API client written before they existed).
      rediscoverCount: input.rediscoverCount,
      digestWithoutNewLinks: input.digestWithoutNewLinks,
      digestHighlights: input.digestHighlights,
      nextDigestAt: nextDigestAt(schedule, user, timezone, now, env.billingEnabled),
    },
    now,
  );
}
