import "server-only";
import { randomUUID } from "node:crypto";
import { composeDigest, DIGEST_MAX_LINKS, type DigestLink } from "@/lib/digests/compose";
import { getDb } from "@/lib/db";
import { nextScheduledDigest, scheduleOf } from "@/lib/digest-schedule";
import { Prisma } from "@/lib/generated/prisma/client";
import { logError } from "@/lib/request-log";
import { mailTransport, type OutgoingEmail } from "@/lib/mail/transport";

// Scheduled digests, exactly once (DESIGN.md §3 "Delivery records and exactly-once"):
// 1. enqueue: due users (nextDigestAt <= now) are locked with SKIP LOCKED, get one DigestDelivery
//    per slot (unique on user + slot) holding the window of links it covers, and move on to their
//    next slot, all in one transaction per batch of users;
// 2. send: pending rows are claimed into a batch (its id is the provider's idempotency key), rendered
//    and sent in one provider call, then marked sent. A batch whose reply was lost stays "sending"
//    and is reclaimed whole after STALL_MS, under the same key, so the provider drops the repeat.
// Every step is a constant number of SQL statements per batch, not per user.

const ENQUEUE_BATCH = 500;
export const STALL_MS = 5 * 60_000;
/** Stop starting new work this long before the time budget ends. */
const SAFETY_MS = 3_000;

export type DispatchResult = { due: number; sent: number; skipped: number; failed: number; left: number };

type DispatchOptions = {
  now?: Date;
  budgetMs?: number;
  /** How long a claimed batch may go without an answer before another run takes it back. */
  stallMs?: number;
};

/** Creates the deliveries of every due user; a missed hour catches up as one digest. */
async function enqueueDue(now: Date, deadline: number): Promise<number> {
  let total = 0;
  while (Date.now() < deadline) {
    const count = await getDb().$transaction(async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "User" WHERE "nextDigestAt" <= ${now}
        ORDER BY "nextDigestAt" LIMIT ${ENQUEUE_BATCH} FOR UPDATE SKIP LOCKED`;
      if (due.length === 0) return 0;
      const users = await tx.user.findMany({ where: { id: { in: due.map((row) => row.id) } } });
      await tx.digestDelivery.createMany({
        data: users.map((user) => ({
          userId: user.id,
          kind: "scheduled" as const,
          slot: user.nextDigestAt,
          windowStart: user.digestCursor,
          windowEnd: now,
        })),
        skipDuplicates: true,
      });
      const updates = users.map((user) => Prisma.sql`(${user.id}, ${nextScheduledDigest(user, scheduleOf(user), user.timezone, now)}::timestamp)`);
      await tx.$executeRaw`
        UPDATE "User" AS u SET "nextDigestAt" = v.next, "digestCursor" = ${now}
        FROM (VALUES ${Prisma.join(updates)}) AS v(id, next) WHERE u.id = v.id`;
      return users.length;
    });
    total += count;
    if (count < ENQUEUE_BATCH) break;
  }
  return total;
}

type Claimed = { id: string; userId: string; windowStart: Date | null; windowEnd: Date; batchId: string };

/** A stalled batch (its reply was lost, or its process died) is taken back whole, under its key. */
async function reclaimStalledBatch(stallMs: number): Promise<Claimed[]> {
  const candidates = await getDb().$queryRaw<{ batchId: string }[]>`
    SELECT "batchId" FROM "DigestDelivery"
    WHERE status = 'sending' AND kind = 'scheduled' AND "batchId" IS NOT NULL
      AND "claimedAt" < now() - make_interval(secs => ${stallMs / 1000})
    LIMIT 1`;
  const batchId = candidates[0]?.batchId;
  if (!batchId) return [];
  // Conditional: of two dispatchers racing for the same batch, the second updates nothing.
  return getDb().$queryRaw<Claimed[]>`
    UPDATE "DigestDelivery" SET "claimedAt" = now(), attempts = attempts + 1, "updatedAt" = now()
    WHERE "batchId" = ${batchId} AND status = 'sending'
      AND "claimedAt" < now() - make_interval(secs => ${stallMs / 1000})
    RETURNING id, "userId", "windowStart", "windowEnd", "batchId"`;
}

async function claimPending(size: number): Promise<Claimed[]> {
  const batchId = randomUUID();
  return getDb().$queryRaw<Claimed[]>`
    WITH picked AS (
      SELECT id FROM "DigestDelivery" WHERE status = 'pending' AND kind = 'scheduled'
      ORDER BY "createdAt", id LIMIT ${size} FOR UPDATE SKIP LOCKED
    )
    UPDATE "DigestDelivery" AS d
    SET status = 'sending', "batchId" = ${batchId}, "claimedAt" = now(), attempts = d.attempts + 1, "updatedAt" = now()
    FROM picked WHERE d.id = picked.id
    RETURNING d.id, d."userId", d."windowStart", d."windowEnd", d."batchId"`;
}

type WindowLink = DigestLink & { deliveryId: string; total: bigint | number };

/** The newest unread links of every claimed delivery's window, in one query (read ones are left out). */
async function linksFor(claimed: Claimed[]): Promise<Map<string, { links: DigestLink[]; total: number }>> {
  const rows = await getDb().$queryRaw<WindowLink[]>`
    SELECT "deliveryId", id, title, url, notes, categories, "createdAt", total FROM (
      SELECT d.id AS "deliveryId", l.id, l.title, l.url, l.notes, l.categories, l."createdAt",
        row_number() OVER (PARTITION BY d.id ORDER BY l."createdAt" DESC, l.id DESC) AS rank,
        count(*) OVER (PARTITION BY d.id) AS total
      FROM "DigestDelivery" d
      JOIN "Link" l ON l."userId" = d."userId"
        AND l."createdAt" > COALESCE(d."windowStart", '-infinity'::timestamp) AND l."createdAt" <= d."windowEnd"
        AND l."readAt" IS NULL
      WHERE d.id IN (${Prisma.join(claimed.map((row) => row.id))})
    ) ranked WHERE rank <= ${DIGEST_MAX_LINKS}
    ORDER BY "deliveryId", "createdAt" DESC`;
  const byDelivery = new Map<string, { links: DigestLink[]; total: number }>();
  for (const row of rows) {
    const entry = byDelivery.get(row.deliveryId) ?? { links: [], total: Number(row.total) };
    entry.links.push({ id: row.id, title: row.title, url: row.url, notes: row.notes, categories: row.categories, createdAt: row.createdAt });
    byDelivery.set(row.deliveryId, entry);
  }
  return byDelivery;
}

async function markSkipped(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb().digestDelivery.updateMany({
    where: { id: { in: ids }, status: "sending" },
    data: { status: "skipped", linkCount: 0, sentAt: null },
  });
}

async function markSent(sent: { id: string; providerId: string | null; linkCount: number }[]): Promise<void> {
  if (sent.length === 0) return;
  const values = sent.map((row) => Prisma.sql`(${row.id}, ${row.providerId}, ${row.linkCount}::int)`);
  await getDb().$executeRaw`
    UPDATE "DigestDelivery" AS d
    SET status = 'sent', "providerId" = v.provider_id, "linkCount" = v.link_count, "sentAt" = now(), error = NULL, "updatedAt" = now()
    FROM (VALUES ${Prisma.join(values)}) AS v(id, provider_id, link_count) WHERE d.id = v.id AND d.status = 'sending'`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type BatchOutcome = { sent: number; skipped: number; failed: number };

async function sendClaimed(unordered: Claimed[], reclaimed: boolean, deadline: number): Promise<BatchOutcome> {
  const db = getDb();
  // A retried batch is rebuilt in the same order, so its body matches the first attempt's.
  const claimed = [...unordered].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const batchId = claimed[0]?.batchId;
  if (!batchId) return { sent: 0, skipped: 0, failed: 0 };
  const [windows, users] = await Promise.all([
    linksFor(claimed),
    db.user.findMany({
      where: { id: { in: claimed.map((row) => row.userId) } },
      select: { id: true, email: true, timezone: true, emailFrequency: true },
    }),
  ]);
  const usersById = new Map(users.map((user) => [user.id, user]));

  const skipped: string[] = [];
  const toSend: { id: string; linkCount: number; email: OutgoingEmail }[] = [];
  for (const row of claimed) {
    const user = usersById.get(row.userId);
    const window = windows.get(row.id);
    // Nothing new (or all of it read already), or unsubscribed since the row was created: no email.
    if (!user || user.emailFrequency === "none" || !window) {
      skipped.push(row.id);
      continue;
    }
    const email = await composeDigest(user, "scheduled", window.links, window.total);
    toSend.push({ id: row.id, linkCount: window.total, email: { ...email, idempotencyKey: row.id } });
  }
  await markSkipped(skipped);
  if (toSend.length === 0) return { sent: 0, skipped: skipped.length, failed: 0 };

  const transport = mailTransport();
  for (;;) {
    const result = await transport.sendBatch(
      toSend.map((entry) => entry.email),
      batchId,
    );
    if (result.ok) {
      await markSent(toSend.map((entry, index) => ({ id: entry.id, providerId: result.ids[index] ?? null, linkCount: entry.linkCount })));
      return { sent: toSend.length, skipped: skipped.length, failed: 0 };
    }
    if (result.retryAfterSeconds !== undefined) {
      // Rate limited: this call sent nothing. Wait if the budget allows; else a fresh batch is handed
      // back, while a reclaimed one (an earlier call may have gone out) keeps its key for later.
      const waitMs = result.retryAfterSeconds * 1000;
      if (Date.now() + waitMs < deadline - SAFETY_MS) {
        await sleep(waitMs);
        continue;
      }
      if (reclaimed) return { sent: 0, skipped: skipped.length, failed: 0 };
      await db.digestDelivery.updateMany({
        where: { id: { in: toSend.map((entry) => entry.id) }, status: "sending" },
        data: { status: "pending", batchId: null, claimedAt: null },
      });
      return { sent: 0, skipped: skipped.length, failed: 0 };
    }
    if (result.retryable) {
      // The batch may or may not have gone out: it stays claimed and is retried under its key.
      await db.digestDelivery.updateMany({ where: { batchId, status: "sending" }, data: { error: result.error } });
      return { sent: 0, skipped: skipped.length, failed: 0 };
    }
    await db.digestDelivery.updateMany({
      where: { id: { in: toSend.map((entry) => entry.id) }, status: "sending" },
      data: { status: "failed", error: result.error },
    });
    logError({ requestId: `digest-batch:${batchId}`, method: "DISPATCH", path: "digests", error: new Error(result.error) });
    return { sent: 0, skipped: skipped.length, failed: toSend.length };
  }
}

async function countLeft(): Promise<number> {
  return getDb().digestDelivery.count({ where: { kind: "scheduled", status: { in: ["pending", "sending"] } } });
}

/** One dispatch run: enqueue what is due, then send batches until nothing is left or time is up. */
export async function dispatchDigests({ now = new Date(), budgetMs = 50_000, stallMs = STALL_MS }: DispatchOptions = {}): Promise<DispatchResult> {
  const deadline = Date.now() + budgetMs;
  const result: DispatchResult = { due: await enqueueDue(now, deadline - SAFETY_MS), sent: 0, skipped: 0, failed: 0, left: 0 };
  const batchSize = mailTransport().maxBatchSize;
  while (Date.now() < deadline - SAFETY_MS) {
    const stalled = await reclaimStalledBatch(stallMs);
    const claimed = stalled.length ? stalled : await claimPending(batchSize);
    if (claimed.length === 0) break;
    const outcome = await sendClaimed(claimed, stalled.length > 0, deadline);
    result.sent += outcome.sent;
    result.skipped += outcome.skipped;
    result.failed += outcome.failed;
    // A batch that could not go out now (rate limit past the budget, lost reply) ends this run.
    if (outcome.sent + outcome.skipped + outcome.failed < claimed.length) break;
  }
  result.left = await countLeft();
  return result;
}
