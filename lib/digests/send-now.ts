import "server-only";
import type { z } from "zod";
import type { sendNowAnswer } from "@/lib/digests/schemas";
import { digestHighlightsFor } from "@/lib/highlights/digest";
import { composeDigest } from "@/lib/digests/compose";
import { digestCount, linksWord } from "@/lib/digests/digest-count";
import {
  linksFor,
  markFailed,
  markSent,
  markSkipped,
  mayComeBack,
  progressFor,
  recordManualDigest,
  selectComingBack,
} from "@/lib/digests/queries";
import { feedItemsFor, mayCarryFeedItems } from "@/lib/digests/feed-item-queries";
import { env } from "@/lib/env";
import { countSavedAndUnread } from "@/lib/links/queries";
import { serviceUnavailable } from "@/lib/http/errors";
import type { User } from "@/lib/generated/prisma/client";
import { mailTransport } from "@/lib/mail/transport";
import { entitlements } from "@/lib/billing/plans";
import { localDayBounds } from "@/lib/time/local-day";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
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

export type SendNowResult = z.output<typeof sendNowAnswer>;

/**
 * "Send Digest Now": what the next scheduled digest would hold, at once: the unread links saved since
 * the last scheduled digest (before the first one, today's), the reminders due today, links back
 * from the stash and the owed items of feeds that go to the digest, chosen, rendered and recorded as a scheduled digest's are (decision 0319). The free
 * allowance is counted in delivery rows while the user's row is locked, so simultaneous requests
 * cannot both take the last one.
 */
export async function sendDigestNow(user: User, now = new Date()): Promise<SendNowResult> {
  const { start, end } = localDayBounds(user.timezone, now);
  const windowStart = user.digestCursor ?? start;
  const since = user.digestCursor ? "last-digest" : "today";
  const { saved, unread } = await countSavedAndUnread(user.id, windowStart, now);
  const nothingNew =
    unread === 0 ? { success: false, message: saved === 0 ? NO_LINKS_MESSAGE : ALL_READ_MESSAGE } : null;
  if (nothingNew && !(await mayComeBack(user, windowStart, now)) && !(await mayCarryFeedItems(user.id, now)))
    return nothingNew;
  // The hard caps hold on every plan (docs/decisions/0161): first the account's, then the address's,
  // so an account over its cap uses up nothing of the address's.
  await enforceRateLimits(
    [{ rule: OUTBOUND_MAIL_LIMITS.manualDigestsPerAccount, subject: user.id }],
    MANUAL_DIGEST_CAP_MESSAGE,
  );
  await enforceRateLimits([recipientCheck(user.email)], RECIPIENT_CAP_MESSAGE);
  const limit = entitlements(user, now, env.billingEnabled).dailyManualDigestLimit;

  const delivery = await recordManualDigest(user.id, { start, end, windowStart, now }, limit);
  if (!delivery) return { success: false, message: MANUAL_LIMIT_MESSAGE };

  const ids = [delivery.id];
  const back = (await selectComingBack(ids)).get(delivery.id) ?? { reminders: [], rediscovered: [] };
  const [windows, progress, feedItems] = await Promise.all([linksFor(ids), progressFor(ids), feedItemsFor(ids)]);
  const window = windows.get(delivery.id) ?? { links: [], total: 0 };
  const feeds = feedItems.get(delivery.id) ?? [];
  // The one count the mail's count line and list state too (lib/digests/digest-count.ts).
  const count = digestCount({ ...window, ...back, feeds });
  // What looked due was taken meanwhile (another digest of today carries it): nothing to send after all.
  if (count.total === 0) {
    await markSkipped(ids);
    return nothingNew ?? { success: false, message: ALL_READ_MESSAGE };
  }
  const counts = progress.get(delivery.id);
  const email = await composeDigest(user, "manual", {
    ...window,
    ...back,
    feeds,
    since,
    progress: counts ? { ...counts, windowStart, windowEnd: now } : null,
    highlights: await digestHighlightsFor(user, now),
  });
  const result = await mailTransport().send({ ...email, idempotencyKey: delivery.id });
  if (!result.ok) {
    // A failed send does not use up the allowance, nor the links it would have brought back.
    await markFailed(ids, result.error);
    throw serviceUnavailable("Failed to send digest email. Please try again later.");
  }
  await markSent([{ id: delivery.id, providerId: result.id, linkCount: window.total }]);
  return { success: true, message: `Your digest with ${linksWord(count.total)} was sent to ${user.email}.` };
}
