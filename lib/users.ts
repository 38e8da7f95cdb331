import "server-only";
import { getDb } from "@/lib/db";
import { nextScheduledDigest, readEmailHours, scheduleOf } from "@/lib/digest-schedule";
import { env } from "@/lib/env";
import { conflict } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db-errors";
import type { Prisma, User } from "@/lib/generated/prisma/client";
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
export const EMAIL_TAKEN_MESSAGE = "This email address is already used by another account.";

/**
 * Updates the user's own row with a possibly new address: a new address is unproven until a
 * sign-in link sent to it is used, and one that belongs to another account is a 409.
 */
export async function updateUserWithEmail(
  user: User,
  email: string,
  data: Omit<Prisma.UserUpdateInput, "email" | "emailVerified">,
): Promise<User> {
  try {
    return await getDb().user.update({
      where: { id: user.id },
      data: { ...data, email, ...(email === user.email ? {} : { emailVerified: null }) },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

export async function completeOnboarding(user: User, input: OnboardRequest, now = new Date()): Promise<User> {
  const timezone = input.timezone ?? user.timezone;
  const schedule = { ...scheduleOf(user), emailTime: input.emailTime };
  return updateUserWithEmail(user, input.email, {
    emailTime: input.emailTime,
    timezone,
    onboarded: true,
    nextDigestAt: nextScheduledDigest(user, schedule, timezone, now),
  });
}
