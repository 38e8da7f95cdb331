import "server-only";
import { columnList, queryRows } from "@/lib/db/client";
import { newRecordId } from "@/lib/db/record-id";
import { Prisma, type Link } from "@/lib/generated/prisma/client";
import type { LocalDay } from "@/lib/time/local-day";

// The links' SQL that Prisma's query API cannot say (keyset pages with full-text search, per-day
// counts, distinct array elements, "read once" kept atomically), or says at several times the CPU
// on a per-request path (decision 0041). Everything else about links goes through Prisma.

const LINK_COLUMNS = columnList(Prisma.LinkScalarFieldEnum);

export type NewLink = {
  userId: string;
  url: string;
  title: string | null;
  notes: string | null;
  category: string;
  categories: string[];
};

/**
 * A save: one statement through the driver (Prisma's create costs about a millisecond of CPU) that
 * also records the page's fetch as owed (decision 0301), so no save is left without its fetch.
 */
export async function insertLink(link: NewLink): Promise<Link> {
  const [row] = await queryRows<Link>(Prisma.sql`
    WITH saved AS (
      INSERT INTO "Link" (id, "userId", url, title, notes, category, categories, "createdAt")
      VALUES (${newRecordId()}, ${link.userId}, ${link.url}, ${link.title}, ${link.notes},
        ${link.category}, ${link.categories}::text[], ${new Date()})
      RETURNING ${LINK_COLUMNS}
    ), owed AS (
      INSERT INTO "PageWork" ("linkId", "userId", kind, "keepTitle")
      SELECT id, "userId", 'save', title IS NOT NULL FROM saved
    )
    SELECT * FROM saved`);
  if (!row) throw new Error("INSERT … RETURNING returned no row");
  return row;
}

/** Which of a user's links a list shows. */
export type LinkFilter = {
  userId: string;
  /** Saved at or after `from` and before `to` (a local day), when given. */
  from?: Date;
  to?: Date;
  /** A category key (lower case): links carrying it, ignoring case. */
  category: string | null;
  /** A tsquery from buildSearchQuery. */
  tsquery: string | null;
  unreadOnly: boolean;
};

export type LinkCursor = { createdAt: Date; id: string };

// The search expression is the one Link_search_idx is built on, word for word, so PostgreSQL can
// use that index (decision 0032); the article's words have their own index (decision 0262).
function matching(filter: LinkFilter): Prisma.Sql {
  const conditions = [Prisma.sql`"userId" = ${filter.userId}`];
  if (filter.from) conditions.push(Prisma.sql`"createdAt" >= ${filter.from}`);
  if (filter.to) conditions.push(Prisma.sql`"createdAt" < ${filter.to}`);
  if (filter.category) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM unnest("categories") AS c WHERE lower(c) = ${filter.category})`);
  }
  if (filter.tsquery) {
    // The words are in the link or in its article (decision 0262): each side read through its own
    // GIN index, once per query, as a hashed set of the user's matching link ids.
    conditions.push(
      Prisma.sql`"id" IN (
        SELECT "id" FROM "Link" WHERE "userId" = ${filter.userId}
          AND link_search_document("title", "url", "notes", "categories") @@ to_tsquery('simple', ${filter.tsquery})
        UNION ALL
        SELECT "linkId" FROM "Article" WHERE "userId" = ${filter.userId}
          AND "searchVector" @@ to_tsquery('simple', ${filter.tsquery}))`,
    );
  }
  if (filter.unreadOnly) conditions.push(Prisma.sql`"readAt" IS NULL`);
  return Prisma.join(conditions, " AND ");
}

/** Up to `limit` links after `cursor`, newest first, keyset-paged on (createdAt, id). */
export async function selectLinkPage(filter: LinkFilter, cursor: LinkCursor | null, limit: number): Promise<Link[]> {
  return queryRows<Link>(Prisma.sql`
    SELECT ${LINK_COLUMNS} FROM "Link"
    WHERE ${matching(filter)}
      ${cursor ? Prisma.sql`AND ("createdAt", "id") < (${cursor.createdAt}, ${cursor.id})` : Prisma.empty}
    ORDER BY "createdAt" DESC, "id" DESC
    LIMIT ${limit}`);
}

/** How many links match `filter` on each of `days` (local days, given as their bounds). */
export async function countLinksPerDay(filter: LinkFilter, days: LocalDay[]): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  // The days as arrays, so the statement's text is the same whatever their number; the bounds as
  // ISO text, which a timestamp column reads as UTC (the driver would write a Date inside an array
  // in the process's local zone).
  const rows = await queryRows<{ key: string; total: number }>(Prisma.sql`
    SELECT d.day_key AS key, (
      SELECT count(*)::int FROM "Link"
      WHERE ${matching(filter)} AND "createdAt" >= d.day_start AND "createdAt" < d.day_end
    ) AS total
    FROM unnest(${days.map((day) => day.key)}::text[], ${days.map((day) => day.start.toISOString())}::timestamp[],
      ${days.map((day) => day.end.toISOString())}::timestamp[]) AS d(day_key, day_start, day_end)`);
  return new Map(rows.map((row) => [row.key, row.total]));
}

/** Every category name on the user's links, as stored (duplicates differing in case included). */
export async function selectCategoryNames(userId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(Prisma.sql`
    SELECT DISTINCT unnest("categories") AS name FROM "Link" WHERE "userId" = ${userId}`);
  return rows.map((row) => row.name);
}

/** Marks the link read (keeping the first time it was read) or unread; null when it is not the user's. */
export async function updateReadState(userId: string, id: string, read: boolean, now: Date): Promise<Link | null> {
  const [link] = await queryRows<Link>(Prisma.sql`
    UPDATE "Link" SET "readAt" = ${read ? Prisma.sql`COALESCE("readAt", ${now})` : Prisma.sql`NULL`}
    WHERE id = ${id} AND "userId" = ${userId}
    RETURNING ${LINK_COLUMNS}`);
  return link ?? null;
}
