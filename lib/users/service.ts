import "server-only";
import { nextDigestAt, scheduleOf } from "@/lib/digests/schedule";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";
import { updateUserWithEmail } from "@/lib/users/email-change";
import type { OnboardRequest } from "@/lib/users/schemas";

/** Onboarding stores the address, the digest hour and the zone, and schedules the first digest. */
export async function completeOnboarding(user: User, input: OnboardRequest, now = new Date()): Promise<User> {
  const timezone = input.timezone ?? user.timezone;
  const schedule = { ...scheduleOf(user), emailTime: input.emailTime };
  return updateUserWithEmail(
    user,
    input.email,
    {
      emailTime: input.emailTime,
      timezone,
      onboarded: true,
      nextDigestAt: nextDigestAt(schedule, user, timezone, now, env.billingEnabled),
    },
    now,
  );
}
