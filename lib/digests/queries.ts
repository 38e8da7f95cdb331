import "server-only";
import { randomUUID } from "node:crypto";
import { DIGEST_MAX_LINKS, type DigestLink } from "@/lib/digests/compose";
import { nextDigestAt, scheduleOf } from "@/lib/digests/schedule";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";

// The digest queue's reads and writes (decision 0181): SKIP LOCKED claims, updates from a list of
// values and the ranked link windows in SQL, the rest through Prisma; each a constant number of
// statements per batch. dispatch.ts decides when.

const ENQUEUE_BATCH = 500;
/** An enqueue takes well under a second; a loaded server must not fail it at Prisma's default 5 s. */
const TRANSACTION_LIMITS = { maxWait: 30_000, timeout: 60_000 };

/** Creates the deliveries of up to ENQUEUE_BATCH due users; a missed hour catches up as one digest. */
export async function enqueueDue(now: Date): Promise<number> {
  return getDb().$transaction(async (tx) => {
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
    const updates = users.map(
      (user) =>
        Prisma.sql`(${user.id}, ${nextDigestAt(scheduleOf(user), user, user.timezone, now, env.billingEnabled)}::timestamp)`,
    );
    await tx.$executeRaw`
      UPDATE "User" AS u SET "nextDigestAt" = v.next, "digestCursor" = ${now}
      FROM (VALUES ${Prisma.join(updates)}) AS v(id, next) WHERE u.id = v.id`;
    return users.length;
  }, TRANSACTION_LIMITS);
}

export type Claimed = { id: string; userId: string; windowStart: Date | null; windowEnd: Date; batchId: string };

/** A stalled batch (its reply was lost, or its process died) is taken back whole, under its key. */
export async function reclaimStalledBatch(stallMs: number): Promise<Claimed[]> {
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

export async function claimPending(size: number): Promise<Claimed[]> {
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
export async function linksFor(claimed: Claimed[]): Promise<Map<string, { links: DigestLink[]; total: number }>> {
  const rows = await getDb().$queryRaw<WindowLink[]>`
    SELECT "deliveryId", id, title, url, notes, categories, "createdAt", description, "readingMinutes", total FROM (
      SELECT d.id AS "deliveryId", l.id, l.title, l.url, l.notes, l.categories, l."createdAt",
        l.description, l."readingMinutes",
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
    entry.links.push({
      id: row.id,
      title: row.title,
      url: row.url,
      notes: row.notes,
      categories: row.categories,
      createdAt: row.createdAt,
      description: row.description,
      readingMinutes: row.readingMinutes,
    });
    byDelivery.set(row.deliveryId, entry);
  }
  return byDelivery;
}

export async function markSkipped(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb().digestDelivery.updateMany({
    where: { id: { in: ids }, status: "sending" },
    data: { status: "skipped", linkCount: 0, sentAt: null },
  });
}

export async function markSent(sent: { id: string; providerId: string | null; linkCount: number }[]): Promise<void> {
  if (sent.length === 0) return;
  const values = sent.map((row) => Prisma.sql`(${row.id}, ${row.providerId}, ${row.linkCount}::int)`);
  await getDb().$executeRaw`
    UPDATE "DigestDelivery" AS d
    SET status = 'sent', "providerId" = v.provider_id, "linkCount" = v.link_count, "sentAt" = now(), error = NULL, "updatedAt" = now()
    FROM (VALUES ${Prisma.join(values)}) AS v(id, provider_id, link_count) WHERE d.id = v.id AND d.status = 'sending'`;
}

/** Digests due or queued, counted up to `limit`. */
export async function countBacklog(now: Date, limit: number): Promise<number> {
  const rows = await getDb().$queryRaw<{ backlog: number }[]>`
    SELECT (
      (SELECT count(*) FROM (SELECT 1 FROM "User" WHERE "nextDigestAt" <= ${now} LIMIT ${limit}) due)
      + (SELECT count(*) FROM (
          SELECT 1 FROM "DigestDelivery" WHERE status IN ('pending', 'sending') AND kind = 'scheduled' LIMIT ${limit}
        ) queued)
    )::int AS backlog`;
  return rows[0]?.backlog ?? 0;
}

/** Digests due or queued at `now`. */
export async function countLeft(now: Date): Promise<number> {
  const [queued, due] = await Promise.all([
    getDb().digestDelivery.count({ where: { kind: "scheduled", status: { in: ["pending", "sending"] } } }),
    getDb().user.count({ where: { nextDigestAt: { lte: now } } }),
  ]);
  return queued + due;
}
