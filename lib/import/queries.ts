import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { LinkRow } from "@/lib/import/record";

// The import's reads and writes through Prisma, and the one statement Prisma's query API cannot say
// as fast: a batch of links inserted from one array per column (far faster than createMany's row of
// parameters per link, bench/import).

export function importCursorFields(
  userId: string,
  db: Db = getDb(),
): Promise<{ digestCursor: Date | null; timezone: string }> {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { digestCursor: true, timezone: true } });
}

/** When the user's earliest link was saved; null without links. */
export async function earliestLinkTime(userId: string, db: Db = getDb()): Promise<Date | null> {
  const earliest = await db.link.findFirst({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  return earliest?.createdAt ?? null;
}

/** Sets the user's digest cursor unless they have one already. */
export async function setDigestCursorIfUnset(userId: string, cursor: Date, db: Db = getDb()): Promise<void> {
  await db.user.updateMany({ where: { id: userId, digestCursor: null }, data: { digestCursor: cursor } });
}

/** Which of `urls` the user has stashed already. */
export async function stashedUrls(userId: string, urls: string[], db: Db = getDb()): Promise<Set<string>> {
  const existing = await db.link.findMany({ where: { userId, url: { in: urls } }, select: { url: true } });
  return new Set(existing.map((row) => row.url));
}

export function highlightCountOfUser(userId: string, db: Db = getDb()): Promise<number> {
  return db.highlight.count({ where: { userId } });
}

export async function insertHighlights(data: Prisma.HighlightCreateManyInput[], db: Db = getDb()): Promise<void> {
  await db.highlight.createMany({ data });
}

/** Inserts `rows` as the user's links, with the ids `ids` (one per row); returns how many went in. */
export function insertLinkBatch(
  tx: Prisma.TransactionClient,
  userId: string,
  rows: LinkRow[],
  ids: string[],
): Promise<number> {
  return tx.$executeRaw`
    INSERT INTO "Link" (id, "userId", url, title, notes, category, categories, "createdAt", "readAt", "archivedAt", "remindOn", "favoritedAt")
    SELECT l.id, ${userId}, l.url, l.title, l.notes, l.category, ARRAY(SELECT jsonb_array_elements_text(l.categories)), l."createdAt", l."readAt", l."archivedAt", l."remindOn", l."favoritedAt"
    FROM unnest(
      ${ids}::text[], ${rows.map((row) => row.url)}::text[], ${rows.map((row) => row.title)}::text[],
      ${rows.map((row) => row.notes)}::text[], ${rows.map((row) => row.category)}::text[],
      ${rows.map((row) => JSON.stringify(row.categories))}::jsonb[],
      ${rows.map((row) => row.createdAt)}::timestamp[], ${rows.map((row) => row.readAt)}::timestamp[],
      ${rows.map((row) => row.archivedAt)}::timestamp[], ${rows.map((row) => row.remindOn)}::date[],
      ${rows.map((row) => row.favoritedAt)}::timestamp[]
    ) AS l(id, url, title, notes, category, categories, "createdAt", "readAt", "archivedAt", "remindOn", "favoritedAt")`;
}
