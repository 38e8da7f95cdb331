import "server-only";
import { getDb } from "@/lib/db";
import { nextScheduledDigest, readEmailHours, scheduleOf } from "@/lib/digest-schedule";
import { env } from "@/lib/env";
import { conflict } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db-errors";
import type { User } from "@/lib/generated/prisma/client";
import { entitlements } from "@/lib/plans";
import type { OnboardRequest } from "@/lib/validations/onboard";

/** The user as GET /api/auth/user answers it (SPEC §3 plus time zone and plan dates). */
export function toUserResponse(user: User, now = new Date()) {
  const plan = entitlements(user, now, env.billingEnabled);
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? user.name,
    accountType: plan.accountType,
    inTrial: plan.inTrial,
    emailFrequency: user.emailFrequency,
    emailTime: user.emailTime,
    emailDays: user.emailDays,
    emailHours: readEmailHours(user.emailHours),
    timezone: user.timezone,
    onboarded: user.onboarded,
    createdAt: user.createdAt.toISOString(),
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    proUntil: user.proUntil?.toISOString() ?? null,
    referralMonthsEarned: user.referralMonthsEarned,
  };
}

export type UserResponse = ReturnType<typeof toUserResponse>;

/** Onboarding stores the address, the digest hour and the zone, and schedules the first digest. */
export async function completeOnboarding(user: User, input: OnboardRequest, now = new Date()): Promise<User> {
  const timezone = input.timezone ?? user.timezone;
  const schedule = { ...scheduleOf(user), emailTime: input.emailTime };
  try {
    return await getDb().user.update({
      where: { id: user.id },
      data: {
        email: input.email,
        ...(input.email === user.email ? {} : { emailVerified: null }),
        emailTime: input.emailTime,
        timezone,
        onboarded: true,
        nextDigestAt: nextScheduledDigest(user, schedule, timezone, now),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("This email address is already used by another account.");
    throw error;
  }
}
