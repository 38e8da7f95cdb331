import "server-only";
import { env } from "@/lib/env";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { isPro, type PlanUser } from "@/lib/billing/plans";
import { nextDeliveredDigest } from "@/lib/digests/delivered-schedule";
import { scheduleOf, type DigestSchedule } from "@/lib/digests/schedule";

/**
 * The next scheduled digest after `after`: the schedule as the user's plan allows it when it is sent
 * (a free account past its trial runs daily/custom as weekly), in the user's time zone.
 */
export function nextScheduledDigest(
  plan: PlanUser,
  schedule: DigestSchedule,
  timeZone: string,
  after: Date,
): Date | null {
  return nextDeliveredDigest(schedule, plan, timeZone, after, env.billingEnabled);
}

/**
 * A plan change changes which digest frequencies apply (a free account runs daily as weekly), so an
 * upcoming scheduled digest is recomputed under the new plan. A digest already due is left to the
 * dispatcher, and a user without a scheduled digest stays without one.
 */
export async function rescheduleAfterPlanChange(
  tx: Prisma.TransactionClient,
  before: User,
  after: User,
  now: Date,
): Promise<void> {
  if (isPro(before, now) === isPro(after, now)) return;
  if (!after.onboarded || !after.nextDigestAt || after.nextDigestAt.getTime() <= now.getTime()) return;
  const next = nextScheduledDigest(after, scheduleOf(after), after.timezone, now);
  await tx.user.updateMany({ where: { id: after.id, nextDigestAt: after.nextDigestAt }, data: { nextDigestAt: next } });
}
