import "server-only";
import { composeDigest } from "@/lib/digests/compose";
import { getDb } from "@/lib/db/client";
import { lockUsers } from "@/lib/db/lock-users";
import { env } from "@/lib/env";
import { serviceUnavailable } from "@/lib/http/errors";
import type { User } from "@/lib/generated/prisma/client";
import { listTodayLinks } from "@/lib/links/service";
import { mailTransport } from "@/lib/mail/transport";
import { entitlements } from "@/lib/billing/plans";
import { localDayBounds } from "@/lib/time/local-day";
import { enforceRateLimits } from "@/lib/http/rate-limit";
import {
  MANUAL_DIGEST_CAP_MESSAGE,
  OUTBOUND_MAIL_LIMITS,
  RECIPIENT_CAP_MESSAGE,
  recipientCheck,
} from "@/lib/mail/outbound-limits";

export const NO_LINKS_MESSAGE = "No links saved today";
export const ALL_READ_MESSAGE = "Every link saved today is already marked as read";
export const MANUAL_LIMIT_MESSAGE =
  "Free accounts can send one extra digest per day. Upgrade to Pro for unlimited manual digests, or try again tomorrow.";

export type SendNowResult = { success: boolean; message: string };

/**
 * "Send Digest Now": today's unread links, at once. The free allowance is counted in delivery rows while
 * the user's row is locked, so simultaneous requests cannot both take the last one.
 */
export async function sendDigestNow(user: User, now = new Date()): Promise<SendNowResult> {
  const today = await listTodayLinks(user, now);
  if (today.length === 0) return { success: false, message: NO_LINKS_MESSAGE };
  const links = today.filter((link) => link.readAt === null);
  if (links.length === 0) return { success: false, message: ALL_READ_MESSAGE };
  // The hard caps hold on every plan (docs/decisions/0161): first the account's, then the address's,
  // so an account over its cap uses up nothing of the address's.
  await enforceRateLimits(
    [{ rule: OUTBOUND_MAIL_LIMITS.manualDigestsPerAccount, subject: user.id }],
    MANUAL_DIGEST_CAP_MESSAGE,
  );
  await enforceRateLimits([recipientCheck(user.email)], RECIPIENT_CAP_MESSAGE);
  const limit = entitlements(user, now, env.billingEnabled).dailyManualDigestLimit;
  const { start, end } = localDayBounds(user.timezone, now);
  const db = getDb();

  const delivery = await db.$transaction(async (tx) => {
    if (limit !== null) {
      await lockUsers(tx, [user.id]);
      const used = await tx.digestDelivery.count({
        where: {
          userId: user.id,
          kind: "manual",
          status: { in: ["pending", "sending", "sent"] },
          createdAt: { gte: start, lt: end },
        },
      });
      if (used >= limit) return null;
    }
    return tx.digestDelivery.create({
      data: {
        userId: user.id,
        kind: "manual",
        status: "sending",
        windowStart: start,
        windowEnd: now,
        linkCount: links.length,
        claimedAt: now,
      },
    });
  });
  if (!delivery) return { success: false, message: MANUAL_LIMIT_MESSAGE };

  const email = await composeDigest(user, "manual", links, links.length);
  const result = await mailTransport().send({ ...email, idempotencyKey: delivery.id });
  if (!result.ok) {
    // A failed send does not use up the allowance.
    await db.digestDelivery.update({ where: { id: delivery.id }, data: { status: "failed", error: result.error } });
    throw serviceUnavailable("Failed to send digest email. Please try again later.");
  }
  await db.digestDelivery.update({
    where: { id: delivery.id },
    data: { status: "sent", providerId: result.id, sentAt: new Date() },
  });
  const count = `${links.length} ${links.length === 1 ? "link" : "links"}`;
  return { success: true, message: `Your digest with ${count} was sent to ${user.email}.` };
}
