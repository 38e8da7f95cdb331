import "server-only";
import { randomUUID } from "node:crypto";
import {
  DIGEST_MAX_LINKS,
  FEED_ITEM_DAYS,
  FEED_ITEMS_PER_DIGEST,
  type ComeBackLink,
  type DigestLink,
} from "@/lib/digests/compose";
import type { ProgressCounts } from "@/lib/digests/come-back-words";
import { nextDigestAt, scheduleOf } from "@/lib/digests/schedule";
import { type Db, getDb } from "@/lib/db/client";
import { lockUsers } from "@/lib/db/lock-users";
import { env } from "@/lib/env";
import { localDateKey } from "@/lib/time/local-day";
import { DAY_MS } from "@/lib/time/wall-clock";
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

/**
 * The newest unread links of every delivery's window, in one query (read ones are left out, and so are
 * links the delivery brings back as reminders: a link shows once, under "Back today"). Of a sent
 * delivery, the links it carried: those read only after it was sent count as unread.
 */
export async function linksFor(ids: string[]): Promise<Map<string, { links: DigestLink[]; total: number }>> {
  const byDelivery = new Map<string, { links: DigestLink[]; total: number }>();
  if (ids.length === 0) return byDelivery;
  const rows = await getDb().$queryRaw<WindowLink[]>`
    SELECT "deliveryId", id, title, url, notes, categories, "createdAt", description, "readingMinutes", total FROM (
      SELECT d.id AS "deliveryId", l.id, l.title, l.url, l.notes, l.categories, l."createdAt",
        l.description, l."readingMinutes",
        row_number() OVER (PARTITION BY d.id ORDER BY l."createdAt" DESC, l.id DESC) AS rank,
        count(*) OVER (PARTITION BY d.id) AS total
      FROM "DigestDelivery" d
      JOIN "Link" l ON l."userId" = d."userId"
        AND l."createdAt" > COALESCE(d."windowStart", '-infinity'::timestamp) AND l."createdAt" <= d."windowEnd"
        AND (l."readAt" IS NULL OR l."readAt" > d."sentAt")
      WHERE d.id IN (${Prisma.join(ids)})
        AND NOT EXISTS (SELECT 1 FROM "DigestItem" i WHERE i."deliveryId" = d.id AND i."linkId" = l.id)
    ) ranked WHERE rank <= ${DIGEST_MAX_LINKS}
    ORDER BY "deliveryId", "createdAt" DESC`;
  for (const row of rows) {
    const entry = byDelivery.get(row.deliveryId) ?? { links: [], total: Number(row.total) };
    entry.links.push(digestLinkOf(row));
    byDelivery.set(row.deliveryId, entry);
  }
  return byDelivery;
}

function digestLinkOf(row: DigestLink): DigestLink {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    notes: row.notes,
    categories: row.categories,
    createdAt: row.createdAt,
    description: row.description,
    readingMinutes: row.readingMinutes,
  };
}

/** Links that come back in one digest: the owner's reminders ("Back today") and links from the stash. */
export type ComingBack = { reminders: ComeBackLink[]; rediscovered: ComeBackLink[] };

/** Reminders a digest carries at most; the rest stay due and come back in the next one. */
export const REMINDERS_PER_DIGEST = 50;
/**
 * Unread links per user the rediscovery ranks, the longest waiting first (besides anniversaries):
 * enough to spread over categories, and the batch's ranking stays a sort of at most 100 x 100 rows.
 */
export const REDISCOVERY_POOL = 100;
/** How many years back a save day's anniversary is looked for. */
const ANNIVERSARY_YEARS = 20;
/** The most links one digest brings back from the stash (User.rediscoverCount is 0 to 5). */
const REDISCOVER_MAX = 5;

type ItemRow = DigestLink & { deliveryId: string; section: "reminder" | "rediscovered"; day: string };

/**
 * Chooses, once per delivery, the links each delivery brings back, and answers them with the ones
 * chosen before (a reclaimed or retried batch sends the same): one statement for the whole batch
 * (decision 0319). Deliveries whose selectedAt is unset get it set, and their reminders and links
 * from the stash written to DigestItem; a link another digest of the same local day holds already
 * is passed over (its unique key), so two digests racing on one day cannot both carry it.
 *
 * The day of a delivery is its recipient's local calendar day of its slot (scheduled) or of its
 * window's end (Send now). Reminders: unread, not archived, remindOn on or before that day, the
 * earliest first, at most REMINDERS_PER_DIGEST. From the stash, up to User.rediscoverCount links:
 * unread, not archived, no reminder set, saved at least 7 days before the delivery's window opened
 * (so a link listed as new is not offered again the week after; a first digest, whose window has no
 * start, offers none), not brought back in the 30 days before the delivery's instant, and not in the
 * user's last sent digest. The candidates: the REDISCOVERY_POOL links waiting longest (never brought back first, then
 * the oldest, read from the covering partial index Link_come_back_idx alone) and the links saved on the same local month
 * and day in an earlier year. Ranked: anniversaries first, then one per category (a link's first
 * category) before a second, then never opened first, then the longest waiting.
 */
export async function selectComingBack(ids: string[]): Promise<Map<string, ComingBack>> {
  const byDelivery = new Map<string, ComingBack>();
  if (ids.length === 0) return byDelivery;
  const rows = await getDb().$queryRaw<ItemRow[]>(comingBackSql(ids));
  for (const row of rows) {
    const entry = byDelivery.get(row.deliveryId) ?? { reminders: [], rediscovered: [] };
    const link = { ...digestLinkOf(row), day: row.day };
    if (row.section === "reminder") entry.reminders.push(link);
    else entry.rediscovered.push(link);
    byDelivery.set(row.deliveryId, entry);
  }
  return byDelivery;
}

/**
 * selectComingBack's statement for the deliveries `ids` (not empty), exported so a test can read its
 * plan: each user's pool is an index-only scan of Link_come_back_idx (decision 0387).
 */
export function comingBackSql(ids: string[]): Prisma.Sql {
  const list = Prisma.join(ids);
  return Prisma.sql`
    WITH todo AS (
      UPDATE "DigestDelivery" SET "selectedAt" = now()
      WHERE id IN (${list}) AND "selectedAt" IS NULL
      RETURNING id, "userId", kind, slot, "windowStart", "windowEnd"
    ),
    ctx AS (
      SELECT t.id, t."userId", u.timezone, LEAST(u."rediscoverCount", ${REDISCOVER_MAX}) AS wanted,
        COALESCE(t.slot, t."windowEnd") AS ref,
        (COALESCE(t.slot, t."windowEnd") AT TIME ZONE 'UTC' AT TIME ZONE u.timezone)::date AS day,
        COALESCE(t."windowStart", '-infinity'::timestamp) - interval '7 days' AS "savedBefore",
        COALESCE(t.slot, t."windowEnd") - interval '30 days' AS "resurfacedBefore",
        previous.id AS "previousId"
      FROM todo t
      JOIN "User" u ON u.id = t."userId"
      LEFT JOIN LATERAL (
        SELECT p.id FROM "DigestDelivery" p WHERE p."userId" = t."userId" AND p.status = 'sent'
        ORDER BY p."sentAt" DESC NULLS LAST, p.id DESC LIMIT 1
      ) previous ON true
      WHERE t.kind = 'manual' OR u."emailFrequency" <> 'none'
    ),
    reminders AS (
      SELECT c.id AS "deliveryId", r.id AS "linkId", 'reminder'::"DigestSection" AS section, c.day,
        row_number() OVER (PARTITION BY c.id ORDER BY r."remindOn", r."createdAt", r.id)::int AS position
      FROM ctx c CROSS JOIN LATERAL (
        SELECT l.id, l."remindOn", l."createdAt" FROM "Link" l
        WHERE l."userId" = c."userId" AND l."remindOn" IS NOT NULL AND l."remindOn" <= c.day
          AND l."readAt" IS NULL AND l."archivedAt" IS NULL
        ORDER BY l."remindOn", l."createdAt", l.id LIMIT ${REMINDERS_PER_DIGEST}
      ) r
    ),
    seekers AS (SELECT * FROM ctx WHERE wanted > 0 AND "savedBefore" > '-infinity'::timestamp),
    pool AS (
      SELECT c.id AS "deliveryId", l.id, l.categories, l."openedAt", l."resurfacedAt", l."createdAt", false AS anniversary
      FROM seekers c CROSS JOIN LATERAL (
        SELECT l.id, l.categories, l."openedAt", l."resurfacedAt", l."createdAt" FROM "Link" l
        WHERE l."userId" = c."userId" AND l."readAt" IS NULL AND l."archivedAt" IS NULL AND l."remindOn" IS NULL
          AND l."createdAt" <= c."savedBefore"
          AND (l."resurfacedAt" IS NULL OR l."resurfacedAt" <= c."resurfacedBefore")
          AND NOT EXISTS (SELECT 1 FROM "DigestItem" pi WHERE pi."deliveryId" = c."previousId" AND pi."linkId" = l.id)
        ORDER BY l."resurfacedAt" NULLS FIRST, l."createdAt", l.id LIMIT ${REDISCOVERY_POOL}
      ) l
    ),
    anniversaries AS (
      SELECT c.id AS "deliveryId", l.id, l.categories, l."openedAt", l."resurfacedAt", l."createdAt", true AS anniversary
      FROM seekers c CROSS JOIN generate_series(1, ${ANNIVERSARY_YEARS}) AS y(years) CROSS JOIN LATERAL (
        SELECT l.id, l.categories, l."openedAt", l."resurfacedAt", l."createdAt" FROM "Link" l
        WHERE l."userId" = c."userId"
          AND l."createdAt" >= ((c.day - make_interval(years => y.years))::timestamp AT TIME ZONE c.timezone) AT TIME ZONE 'UTC'
          AND l."createdAt" < ((c.day - make_interval(years => y.years) + interval '1 day')::timestamp AT TIME ZONE c.timezone)
            AT TIME ZONE 'UTC'
          AND l."readAt" IS NULL AND l."archivedAt" IS NULL AND l."remindOn" IS NULL
          AND l."createdAt" <= c."savedBefore"
          AND (l."resurfacedAt" IS NULL OR l."resurfacedAt" <= c."resurfacedBefore")
          AND NOT EXISTS (SELECT 1 FROM "DigestItem" pi WHERE pi."deliveryId" = c."previousId" AND pi."linkId" = l.id)
        ORDER BY l."createdAt", l.id LIMIT ${REDISCOVER_MAX}
      ) l
    ),
    -- A link found both ways counts once, as an anniversary. Grouped (hashed) rather than sorted, and
    -- byte order for the text keys: only ties depend on it, and the ranking stays deterministic.
    candidates AS (
      SELECT "deliveryId", id, lower(COALESCE(categories[1], '')) COLLATE "C" AS category, "openedAt",
        "resurfacedAt", "createdAt", bool_or(anniversary) AS anniversary
      FROM (SELECT * FROM pool UNION ALL SELECT * FROM anniversaries) found
      GROUP BY "deliveryId", id, categories, "openedAt", "resurfacedAt", "createdAt"
    ),
    ranked AS (
      SELECT *, row_number() OVER (
        PARTITION BY "deliveryId", category
        ORDER BY anniversary DESC, ("openedAt" IS NULL) DESC, "resurfacedAt" NULLS FIRST, "createdAt", id COLLATE "C"
      ) AS "inCategory"
      FROM candidates
    ),
    rediscovered AS (
      SELECT "deliveryId", id AS "linkId", 'rediscovered'::"DigestSection" AS section, day, position FROM (
        SELECT r."deliveryId", r.id, c.day, c.wanted, row_number() OVER (
          PARTITION BY r."deliveryId"
          ORDER BY r.anniversary DESC, r."inCategory", (r."openedAt" IS NULL) DESC, r."resurfacedAt" NULLS FIRST,
            r."createdAt", r.id COLLATE "C"
        )::int AS position
        -- A link with as many of its category ahead of it as the digest takes cannot be among them.
        FROM ranked r JOIN ctx c ON c.id = r."deliveryId" WHERE r."inCategory" <= c.wanted
      ) ordered WHERE position <= wanted
    ),
    -- Its feed items (decision 0418), chosen once: the newest owed, taken only while still free (of two
    -- racing digests the second passes them over); a data-modifying CTE runs whether or not it is read.
    feed AS (
      UPDATE "FeedDelivery" AS f SET "digestId" = p."deliveryId"
      FROM (
        SELECT c.id AS "deliveryId", o."subscriptionId", o."itemId"
        FROM ctx c CROSS JOIN LATERAL (
          SELECT o."subscriptionId", o."itemId" FROM "FeedDelivery" o
          WHERE o."userId" = c."userId" AND o.into = 'digest' AND o."digestedAt" IS NULL AND o."digestId" IS NULL
            AND o."linkId" IS NULL AND o."createdAt" > c.ref - make_interval(days => ${FEED_ITEM_DAYS})
          ORDER BY o."createdAt" DESC, o."itemId" DESC LIMIT ${FEED_ITEMS_PER_DIGEST}
        ) o
      ) p
      WHERE f."subscriptionId" = p."subscriptionId" AND f."itemId" = p."itemId" AND f."digestId" IS NULL
    ),
    inserted AS (
      INSERT INTO "DigestItem" ("deliveryId", "linkId", section, day, position)
      SELECT "deliveryId", "linkId", section, day, position FROM reminders
      UNION ALL SELECT "deliveryId", "linkId", section, day, position FROM rediscovered
      ON CONFLICT DO NOTHING
      RETURNING "deliveryId", "linkId", section, day, position
    ),
    items AS (
      SELECT * FROM inserted
      -- Chosen before: this statement's snapshot does not hold the rows it inserts.
      UNION ALL
      SELECT i."deliveryId", i."linkId", i.section, i.day, i.position FROM "DigestItem" i WHERE i."deliveryId" IN (${list})
    )
    SELECT i."deliveryId", i.section::text AS section, to_char(i.day, 'YYYY-MM-DD') AS day,
      l.id, l.title, l.url, l.notes, l.categories, l."createdAt", l.description, l."readingMinutes"
    FROM items i JOIN "Link" l ON l.id = i."linkId"
    ORDER BY i."deliveryId", i.section, i.position`;
}

/**
 * The line of progress of each delivery, in one query: over its window, the links saved, the links
 * marked read, and the links brought back by this digest and by the others sent in it. The window is
 * closed when the delivery is created, so a retried batch counts the same.
 */
export async function progressFor(ids: string[]): Promise<Map<string, ProgressCounts>> {
  const byDelivery = new Map<string, ProgressCounts>();
  if (ids.length === 0) return byDelivery;
  const rows = await getDb().$queryRaw<(ProgressCounts & { id: string })[]>`
    SELECT d.id,
      (SELECT count(*) FROM "Link" l WHERE l."userId" = d."userId"
        AND l."createdAt" > COALESCE(d."windowStart", '-infinity'::timestamp) AND l."createdAt" <= d."windowEnd")::int AS saved,
      (SELECT count(*) FROM "Link" l WHERE l."userId" = d."userId"
        AND l."readAt" > COALESCE(d."windowStart", '-infinity'::timestamp) AND l."readAt" <= d."windowEnd")::int AS read,
      ((SELECT count(*) FROM "DigestItem" i WHERE i."deliveryId" = d.id)
        + (SELECT count(*) FROM "DigestDelivery" o JOIN "DigestItem" i ON i."deliveryId" = o.id
           WHERE o."userId" = d."userId" AND o.id <> d.id AND o.status = 'sent'
             AND o."sentAt" > COALESCE(d."windowStart", '-infinity'::timestamp) AND o."sentAt" <= d."windowEnd"))::int
        AS "cameBack"
    FROM "DigestDelivery" d WHERE d.id IN (${Prisma.join(ids)})`;
  for (const row of rows) byDelivery.set(row.id, { saved: row.saved, read: row.read, cameBack: row.cameBack });
  return byDelivery;
}

/** The links due back on the user's local day `day` ("YYYY-MM-DD"), as the next digest would carry them. */
export async function linksDueBack(userId: string, day: string, take = REMINDERS_PER_DIGEST): Promise<DigestLink[]> {
  const links = await getDb().link.findMany({
    where: { userId, remindOn: { lte: new Date(`${day}T00:00:00Z`) }, readAt: null, archivedAt: null },
    orderBy: [{ remindOn: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take,
  });
  return links.map(digestLinkOf);
}

/**
 * Whether a digest at `now` would bring anything back to the user, without choosing: a reminder due on
 * their local day, or a link the stash could offer. A quick check before Send now takes an allowance;
 * selectComingBack decides (it may find the candidate was in the last digest, or taken by another).
 */
export async function mayComeBack(
  user: { id: string; timezone: string; rediscoverCount: number },
  windowStart: Date,
  now: Date,
): Promise<boolean> {
  const db = getDb();
  const day = new Date(`${localDateKey(user.timezone, now)}T00:00:00Z`);
  const due = await db.link.findFirst({
    where: { userId: user.id, remindOn: { lte: day }, readAt: null, archivedAt: null },
    select: { id: true },
  });
  if (due) return true;
  if (user.rediscoverCount <= 0) return false;
  const savedBefore = new Date(windowStart.getTime() - 7 * DAY_MS);
  const waiting = await db.link.findFirst({
    where: {
      userId: user.id,
      readAt: null,
      archivedAt: null,
      remindOn: null,
      createdAt: { lte: savedBefore },
      OR: [{ resurfacedAt: null }, { resurfacedAt: { lte: new Date(now.getTime() - 30 * DAY_MS) } }],
    },
    select: { id: true },
  });
  return waiting !== null;
}

/** Deliveries that send nothing: their chosen links and feed items are let go, so another digest may carry them. */
export async function markSkipped(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb().$executeRaw`
    WITH skipped AS (
      UPDATE "DigestDelivery" SET status = 'skipped', "linkCount" = 0, "sentAt" = NULL, "updatedAt" = now()
      WHERE id IN (${Prisma.join(ids)}) AND status = 'sending'
      RETURNING id
    ),
    released AS (
      UPDATE "FeedDelivery" SET "digestId" = NULL WHERE "digestId" IN (SELECT id FROM skipped) AND "digestedAt" IS NULL
    )
    DELETE FROM "DigestItem" WHERE "deliveryId" IN (SELECT id FROM skipped)`;
}

/** Deliveries the provider refused: recorded as failed, their chosen links and feed items let go, the links unchanged. */
export async function markFailed(ids: string[], error: string): Promise<void> {
  if (ids.length === 0) return;
  await getDb().$executeRaw`
    WITH failed AS (
      UPDATE "DigestDelivery" SET status = 'failed', error = ${error}, "updatedAt" = now()
      WHERE id IN (${Prisma.join(ids)}) AND status = 'sending'
      RETURNING id
    ),
    released AS (
      UPDATE "FeedDelivery" SET "digestId" = NULL WHERE "digestId" IN (SELECT id FROM failed) AND "digestedAt" IS NULL
    )
    DELETE FROM "DigestItem" WHERE "deliveryId" IN (SELECT id FROM failed)`;
}

/**
 * Records accepted deliveries, and only then changes the links they brought back, in the same
 * statement: a reminder is cleared unless its owner moved it past the digest's day meanwhile, a
 * link from the stash records when it came back (the digest's instant, for the 30-day rule), and its
 * feed items are digested.
 */
export async function markSent(sent: { id: string; providerId: string | null; linkCount: number }[]): Promise<void> {
  if (sent.length === 0) return;
  const values = sent.map((row) => Prisma.sql`(${row.id}, ${row.providerId}, ${row.linkCount}::int)`);
  await getDb().$executeRaw`
    WITH v(id, provider_id, link_count) AS (VALUES ${Prisma.join(values)}),
    accepted AS (
      UPDATE "DigestDelivery" AS d
      SET status = 'sent', "providerId" = v.provider_id, "linkCount" = v.link_count, "sentAt" = now(), error = NULL,
        "updatedAt" = now()
      FROM v WHERE d.id = v.id AND d.status = 'sending'
      RETURNING d.id, COALESCE(d.slot, d."windowEnd") AS ref
    ),
    cleared AS (
      UPDATE "Link" AS l SET "remindOn" = NULL
      FROM "DigestItem" i JOIN accepted a ON a.id = i."deliveryId"
      WHERE i.section = 'reminder' AND l.id = i."linkId" AND l."remindOn" <= i.day
      RETURNING l.id
    ),
    digested AS (
      UPDATE "FeedDelivery" AS f SET "digestedAt" = now()
      FROM accepted a WHERE f."digestId" = a.id AND f."digestedAt" IS NULL
      RETURNING f."itemId"
    )
    UPDATE "Link" AS l SET "resurfacedAt" = GREATEST(l."resurfacedAt", a.ref)
    FROM "DigestItem" i JOIN accepted a ON a.id = i."deliveryId"
    WHERE i.section = 'rediscovered' AND l.id = i."linkId"`;
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

/** Hands claimed deliveries still being sent back to the queue (no call of theirs went out). */
export async function handBack(ids: string[]): Promise<void> {
  await getDb().digestDelivery.updateMany({
    where: { id: { in: ids }, status: "sending" },
    data: { status: "pending", batchId: null, claimedAt: null },
  });
}

/** Notes a batch's last error while it stays claimed for a retry under its key. */
export async function noteBatchError(batchId: string, error: string): Promise<void> {
  await getDb().digestDelivery.updateMany({ where: { batchId, status: "sending" }, data: { error } });
}

/** Records a Send Digest Now as being sent, if today's manual allowance (null: none) has room. */
export function recordManualDigest(
  userId: string,
  window: { start: Date; end: Date; windowStart: Date; now: Date },
  limit: number | null,
) {
  const { start, end, windowStart, now } = window;
  return getDb().$transaction(async (tx) => {
    if (limit !== null) {
      await lockUsers(tx, [userId]);
      const used = await tx.digestDelivery.count({
        where: {
          userId,
          kind: "manual",
          status: { in: ["pending", "sending", "sent"] },
          createdAt: { gte: start, lt: end },
        },
      });
      if (used >= limit) return null;
    }
    return tx.digestDelivery.create({
      data: { userId, kind: "manual", status: "sending", windowStart, windowEnd: now, claimedAt: now },
    });
  });
}

/** Moves a user's scheduled digest from `from` to `to`, unless the dispatcher moved it first. */
export async function moveScheduledDigest(db: Db, userId: string, from: Date, to: Date | null): Promise<void> {
  await db.user.updateMany({ where: { id: userId, nextDigestAt: from }, data: { nextDigestAt: to } });
}
