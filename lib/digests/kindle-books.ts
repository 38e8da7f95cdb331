import "server-only";
import { mailBook } from "@/lib/epub/send-to-kindle";
import { hitRateLimit } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { logJobError, logInfo } from "@/lib/log/log";
import { deliveriesWantingBooks, deliveryForBook } from "@/lib/digests/kindle-book-queries";
import { linksFor } from "@/lib/digests/queries";
import { digestBook } from "@/lib/digests/sent-digests";
import { localDateKey } from "@/lib/time/local-day";

// The digest's book for Kindle (docs/product.md, "E-reader"): once a batch of digests is recorded as
// sent, each user who asked for it gets a book of the digest's new links at their Kindle address.
// A separate step after the digest: it runs in the background, one book at a time per process, so
// it can neither fail nor delay a digest email; a book that cannot be written or sent is logged.

/** Digest books per account and day: a schedule sends at most one or two (decision 0342). */
export const KINDLE_DIGEST_BOOKS_PER_DAY = {
  name: "kindle-digest:account",
  limit: 2,
  windowSeconds: 24 * 60 * 60,
} satisfies RateLimitRule;

/** Deliveries waiting for their book in this process; past this, later ones get none. */
const MAX_WAITING = 1000;

let waiting = 0;
let chain: Promise<void> = Promise.resolve();

/** The book of one sent delivery, if its user wants one. */
export async function sendDigestBook(deliveryId: string, now = new Date()): Promise<void> {
  const delivery = await deliveryForBook(deliveryId);
  const user = delivery?.user;
  if (delivery?.status !== "sent" || !user?.kindleEmail || !user.kindleWithDigest) return;
  const links = (await linksFor([deliveryId])).get(deliveryId)?.links ?? [];
  if (links.length === 0) return;
  if (!(await hitRateLimit(KINDLE_DIGEST_BOOKS_PER_DAY, user.id)).allowed) return;
  const day = localDateKey(user.timezone, now);
  const result = await mailBook(
    { id: user.id, kindleEmail: user.kindleEmail },
    digestBook(
      user.id,
      day,
      links.map((link) => link.id),
    ),
    now,
    { idempotencyKey: `kindle-book:${deliveryId}`, build: "background" },
  );
  if (result.sent) logInfo("digest book sent", { deliveryId, bytes: result.bytes });
  else logInfo("digest book not sent", { deliveryId, reason: result.reason, error: result.error ?? "" });
}

/** Queues the books of these sent deliveries, for the users who want them; returns at once. */
export function queueDigestBooks(deliveryIds: string[]): void {
  if (deliveryIds.length === 0 || waiting >= MAX_WAITING) return;
  waiting += deliveryIds.length;
  chain = chain
    .then(async () => {
      // One statement for the batch: most users want no book.
      const wanted = await deliveriesWantingBooks(deliveryIds);
      for (const { id } of wanted) await sendDigestBook(id);
    })
    .catch((error: unknown) => logJobError({ job: "kindle-books", deliveryIds, error }))
    .finally(() => {
      waiting -= deliveryIds.length;
    });
}

/** Resolves once every queued book has been handled (tests, and a process that stops). */
export function digestBooksSettled(): Promise<void> {
  return chain;
}
