import type { z } from "zod";
import { entitlements } from "@/lib/billing/plans";
import { readEmailHours, scheduleOf } from "@/lib/digests/schedule";
import { scheduledEmailText } from "@/lib/digests/schedule-summary";
import type { User } from "@/lib/generated/prisma/client";
import { livePendingEmail } from "@/lib/users/email-change-rule";
import type { userAnswer } from "@/lib/users/schemas";

// The JSON shape of a user in the API. Pure: client components import its type; the caller says
// whether billing (and so every plan limit) is on.

export type UserResponse = z.output<typeof userAnswer>;

/** The user as GET /api/auth/user answers it (its schema: userAnswer). */
export function toUserResponse(user: User, billingEnabled: boolean, now = new Date()): UserResponse {
  const plan = entitlements(user, now, billingEnabled);
  return {
    id: user.id,
    email: user.email,
    /** An address waiting for its owner's confirmation; `email` stays in use until then. */
    pendingEmail: livePendingEmail(user, now),
    username: user.username ?? user.name,
    accountType: plan.accountType,
    inTrial: plan.inTrial,
    emailFrequency: user.emailFrequency,
    emailTime: user.emailTime,
    emailDays: user.emailDays,
    emailHours: readEmailHours(user.emailHours),
    timezone: user.timezone,
    /** Older unread links each digest brings back "From your stash" (0: none). */
    rediscoverCount: user.rediscoverCount,
    /** Whether a digest day with no new links still sends when links come back. */
    digestWithoutNewLinks: user.digestWithoutNewLinks,
    /** Whether each digest shows a few of last week's highlights. */
    digestHighlights: user.digestHighlights,
    /** What the plan actually sends (lib/digests/schedule-summary.ts): the dashboard and Settings show it. */
    digest: scheduledEmailText({ ...user, ...scheduleOf(user) }, now, billingEnabled),
    onboarded: user.onboarded,
    createdAt: user.createdAt.toISOString(),
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    proUntil: user.proUntil?.toISOString() ?? null,
    referralMonthsEarned: user.referralMonthsEarned,
  };
}
