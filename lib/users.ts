import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { conflict } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db-errors";
import type { User } from "@/lib/generated/prisma/client";
import { entitlements } from "@/lib/plans";
import type { OnboardRequest } from "@/lib/validations/onboard";

const emailHoursSchema = z.record(z.string(), z.number().int().min(0).max(23));

/** The emailHours column as a weekday -> hour map (bad stored data reads as empty). */
export function readEmailHours(value: unknown): Record<string, number> {
  const parsed = emailHoursSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

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

export async function completeOnboarding(userId: string, input: OnboardRequest): Promise<User> {
  try {
    return await getDb().user.update({
      where: { id: userId },
      data: {
        email: input.email,
        emailTime: input.emailTime,
        ...(input.timezone ? { timezone: input.timezone } : {}),
        onboarded: true,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("This email address is already used by another account.");
    throw error;
  }
}
