import "server-only";
import { env } from "@/lib/env";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { isPro } from "@/lib/billing/plans";
import { moveScheduledDigest } from "@/lib/digests/queries";
import { nextDigestAt, scheduleOf } from "@/lib/digests/schedule";

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
  const next = nextDigestAt(scheduleOf(after), after, after.timezone, now, env.billingEnabled);
  await moveScheduledDigest(tx, after.id, after.nextDigestAt, next);
}
