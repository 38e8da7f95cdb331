import "server-only";
import type { z } from "zod";
import type { subscriptionAnswer } from "@/lib/billing/schemas";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";
import { entitlements, proEndsAt } from "@/lib/billing/plans";

export type SubscriptionInfo = z.output<typeof subscriptionAnswer>;

/** GET /api/subscription; subscriptionEndsAt is when Pro ends, from either source. */
export function subscriptionInfo(user: User, now = new Date()): SubscriptionInfo {
  const plan = entitlements(user, now, env.billingEnabled);
  return {
    accountType: plan.accountType,
    referralMonthsEarned: user.referralMonthsEarned,
    inTrial: plan.inTrial,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    subscriptionEndsAt: proEndsAt(user)?.toISOString() ?? null,
  };
}
