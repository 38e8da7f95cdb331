import "server-only";
import { columnList, type Db, getDb, queryRows } from "@/lib/db/client";
import { newRecordId } from "@/lib/db/record-id";
import { Prisma, type Link } from "@/lib/generated/prisma/client";
import type { LocalDay } from "@/lib/time/local-day";

// The links' SQL that Prisma's query API cannot say (keyset pages with full-text search, per-day
// counts, distinct array elements, "read once" kept atomically, a save that finds the same day's
// save of its address, a row lock), or says at several times the CPU
// on a per-request path (decision 0041). Everything else about links goes through Prisma, here too.

const LINK_COLUMNS = columnList(Prisma.LinkScalarFieldEnum);

export type NewLink = {
  userId: string;
  url: string;
  title: string | null;
  notes: string | null;
  category: string;
  categories: string[];
  /** the owner's local calendar day, "YYYY-MM-DD" */
  savedOn: string;
};

/**
 * The save's statement: the link, unless the user saved the address on that local day already
 * (the partial unique index on user, address and day), with the page's fetch owed in the same
 * statement (decision 0301) unless `owesPageWork` is false (a newsletter saved from a mail brings
 * its article along, decision 0328).
 */
function insertLinkOnceSql(link: NewLink, owesPageWork: boolean): Prisma.Sql {
  return Prisma.sql`
    WITH saved AS (
      INSERT INTO "Link" (id, "userId", url, title, notes, category, categories, "createdAt", "savedOn")
      VALUES (${newRecordId()}, ${link.userId}, ${link.url}, ${link.title}, ${link.notes},
        ${link.category}, ${link.categories}::text[], ${new Date()}::timestamp, ${link.savedOn}::date)
      ON CONFLICT ("userId", url, "savedOn") WHERE "savedOn" IS NOT NULL DO NOTHING
      RETURNING ${LINK_COLUMNS}
    ), owed AS (
      INSERT INTO "PageWork" ("linkId", "userId", kind, "keepTitle")
      SELECT id, "userId", 'save', title IS NOT NULL FROM saved WHERE ${owesPageWork}::boolean
    )
    SELECT * FROM saved`;
}

/** A save as one statement through the driver; null when the address was saved that day already. */
export async function insertLinkOnce(link: NewLink): Promise<Link | null> {
  const [row] = await queryRows<Link>(insertLinkOnceSql(link, true));
  return row ?? null;
}

/** The same save in the transaction `tx`. */
export async function insertLinkOnceIn(
  tx: Prisma.TransactionClient,
  link: NewLink,
  owesPageWork: boolean,
): Promise<Link | null> {
  const [row] = await tx.$queryRaw<Link[]>(insertLinkOnceSql(link, owesPageWork));
  return row ?? null;
}

/** The link saved at `link.url` on its local day, if any, locked until the transaction `tx` ends. */
export async function lockLinkSavedOn(tx: Prisma.TransactionClient, link: NewLink): Promise<Link | null> {
  const [row] = await tx.$queryRaw<Link[]>`
    SELECT ${LINK_COLUMNS} FROM "Link"
    WHERE "userId" = ${link.userId} AND url = ${link.url} AND "savedOn" = ${link.savedOn}::date
    FOR UPDATE`;
  return row ?? null;
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
  /** Only the links in Favorites. */
  favoritesOnly?: boolean;
};

export type LinkCursor = { createdAt: Date; id: string };

// The words are in the link, in its article (decision 0262) or in its highlights and their notes
// (decision 0338). The user's matching link ids are found once, in a materialized CTE, before
// anything is sorted, paged or counted: written as a condition on each row, a planner without
// statistics (the embedded database) re-ran the whole search for every link of the day (decision
// 0364). Each search reads its GIN index with the owner's word (decision 0365), so the lookup is
// the owner's matching rows only, whatever the planner knows: no "userId" condition there offers it
// another path (the statement's own condition on "Link" checks the owner again).
function matchingIds(filter: LinkFilter, tsquery: string): Prisma.Sql {
  const words = Prisma.sql`(link_owner_query(${filter.userId}) && to_tsquery('simple', ${tsquery}))`;
  return Prisma.sql`matching_ids(link_id) AS MATERIALIZED (
      SELECT "id" FROM "Link" WHERE link_search_document("userId", "title", "url", "notes", "categories") @@ ${words}
      UNION
      SELECT "linkId" FROM "Article" WHERE "searchVector" @@ ${words}
      UNION
      SELECT "linkId" FROM "Highlight" WHERE "searchVector" @@ ${words})`;
}

/**
 * The statement's common table expressions (the matching ids, when searching), the rows it reads
 * as "Link", and its conditions on them.
 */
function matching(filter: LinkFilter): { ctes: Prisma.Sql[]; from: Prisma.Sql; where: Prisma.Sql } {
  const conditions = [Prisma.sql`"userId" = ${filter.userId}`];
  if (filter.from) conditions.push(Prisma.sql`"createdAt" >= ${filter.from}`);
  if (filter.to) conditions.push(Prisma.sql`"createdAt" < ${filter.to}`);
  if (filter.category) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM unnest("categories") AS c WHERE lower(c) = ${filter.category})`);
  }
  if (filter.unreadOnly) conditions.push(Prisma.sql`"readAt" IS NULL`);
  if (filter.favoritesOnly) conditions.push(Prisma.sql`"favoritedAt" IS NOT NULL`);
  return {
    ctes: filter.tsquery ? [matchingIds(filter, filter.tsquery)] : [],
    // Each matching id reads its link by primary key. As a join or an IN, a planner without
    // statistics took the ids for a handful and scanned them again for every link of the user
    // (a nested loop); a lateral subquery that cannot be flattened (OFFSET 0) keeps the ids outside.
    from: filter.tsquery
      ? Prisma.sql`matching_ids CROSS JOIN LATERAL (
          SELECT * FROM "Link" WHERE "Link"."id" = matching_ids.link_id OFFSET 0) AS "Link"`
      : Prisma.sql`"Link"`,
    where: Prisma.join(conditions, " AND "),
  };
}

/** The statement of selectLinkPage (its plan is tested). */
export function linkPageSql(filter: LinkFilter, cursor: LinkCursor | null, limit: number): Prisma.Sql {
  const { ctes, from, where } = matching(filter);
  return Prisma.sql`${ctes.length > 0 ? Prisma.sql`WITH ${Prisma.join(ctes)}` : Prisma.empty}
    SELECT ${LINK_COLUMNS} FROM ${from}
    WHERE ${where}
      ${cursor ? Prisma.sql`AND ("createdAt", "id") < (${cursor.createdAt}, ${cursor.id})` : Prisma.empty}
    ORDER BY "createdAt" DESC, "id" DESC
    LIMIT ${limit}`;
}

/** Up to `limit` links after `cursor`, newest first, keyset-paged on (createdAt, id). */
export async function selectLinkPage(filter: LinkFilter, cursor: LinkCursor | null, limit: number): Promise<Link[]> {
  return queryRows<Link>(linkPageSql(filter, cursor, limit));
}

/** The statement of countLinksPerDay (its plan is tested). */
export function linksPerDaySql(filter: LinkFilter, days: LocalDay[]): Prisma.Sql {
  const { ctes, from, where } = matching(filter);
  // The days as arrays, so the statement's text is the same whatever their number; the bounds as
  // ISO text, which a timestamp column reads as UTC (the driver would write a Date inside an array
  // in the process's local zone). The links are read once, over the span of all the days.
  const dayBounds = Prisma.sql`days AS (
      SELECT * FROM unnest(${days.map((day) => day.key)}::text[],
        ${days.map((day) => day.start.toISOString())}::timestamp[],
        ${days.map((day) => day.end.toISOString())}::timestamp[]) AS d(day_key, day_start, day_end))`;
  const matched = Prisma.sql`matched AS MATERIALIZED (
      SELECT "createdAt" FROM ${from}
      WHERE ${where}
        AND "createdAt" >= (SELECT min(day_start) FROM days) AND "createdAt" < (SELECT max(day_end) FROM days))`;
  return Prisma.sql`WITH ${Prisma.join([...ctes, dayBounds, matched])}
    SELECT d.day_key AS key,
      (SELECT count(*)::int FROM matched m WHERE m."createdAt" >= d.day_start AND m."createdAt" < d.day_end) AS total
    FROM days d`;
}

/** How many links match `filter` on each of `days` (local days, given as their bounds). */
export async function countLinksPerDay(filter: LinkFilter, days: LocalDay[]): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const rows = await queryRows<{ key: string; total: number }>(linksPerDaySql(filter, days));
  return new Map(rows.map((row) => [row.key, row.total]));
}

/** Every category name on the user's links, as stored (duplicates differing in case included). */
export async function selectCategoryNames(userId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(Prisma.sql`
    SELECT DISTINCT unnest("categories") AS name FROM "Link" WHERE "userId" = ${userId}`);
  return rows.map((row) => row.name);
}

/** What a PATCH changes; the schema has refused a reminder set while marking read or archiving. */
export type LinkChange = { read?: boolean; remindOn?: string | null; archived?: boolean; favorite?: boolean };

/**
 * One statement for any change to a link's state; null when the link is not the user's. A reminder
 * is for an unread link kept in the stash: setting one makes the link unread and brings it back
 * from the archive, and marking the link read or archiving it removes its reminder. Read and
 * archived keep their first time, and so does a favorite.
 */
export async function updateLinkState(userId: string, id: string, change: LinkChange, now: Date): Promise<Link | null> {
  const sets: Prisma.Sql[] = [];
  if (typeof change.remindOn === "string") {
    sets.push(
      Prisma.sql`"remindOn" = ${change.remindOn}::date`,
      Prisma.sql`"readAt" = NULL`,
      Prisma.sql`"archivedAt" = NULL`,
    );
  } else {
    if (change.remindOn === null || change.read === true || change.archived === true)
      sets.push(Prisma.sql`"remindOn" = NULL`);
    if (change.read !== undefined)
      sets.push(Prisma.sql`"readAt" = ${change.read ? Prisma.sql`COALESCE("readAt", ${now})` : Prisma.sql`NULL`}`);
    if (change.archived !== undefined)
      sets.push(
        Prisma.sql`"archivedAt" = ${change.archived ? Prisma.sql`COALESCE("archivedAt", ${now})` : Prisma.sql`NULL`}`,
      );
  }
  if (change.favorite !== undefined)
    sets.push(
      Prisma.sql`"favoritedAt" = ${change.favorite ? Prisma.sql`COALESCE("favoritedAt", ${now})` : Prisma.sql`NULL`}`,
    );
  if (sets.length === 0) throw new Error("updateLinkState: nothing to change");
  const [link] = await queryRows<Link>(Prisma.sql`
    UPDATE "Link" SET ${Prisma.join(sets, ", ")}
    WHERE id = ${id} AND "userId" = ${userId}
    RETURNING ${LINK_COLUMNS}`);
  return link ?? null;
}

/**
 * Records the first time the owner opened the link in the reader. Once it is set the statement
 * matches no row and writes nothing, so every later visit costs one index lookup.
 */
export async function recordFirstOpen(userId: string, id: string, now: Date): Promise<void> {
  await queryRows(Prisma.sql`
    UPDATE "Link" SET "openedAt" = ${now}
    WHERE id = ${id} AND "userId" = ${userId} AND "openedAt" IS NULL`);
}

/** The user's links created in [start, end). */
export function countLinksSavedBetween(userId: string, start: Date, end: Date, db: Db = getDb()): Promise<number> {
  return db.link.count({ where: { userId, createdAt: { gte: start, lt: end } } });
}

export function updateLinkById(id: string, data: Prisma.LinkUpdateInput, db: Db = getDb()): Promise<Link> {
  return db.link.update({ where: { id }, data });
}

/** The user's links created in [start, end), newest first. */
export function linksSavedBetween(userId: string, start: Date, end: Date, db: Db = getDb()): Promise<Link[]> {
  return db.link.findMany({
    where: { userId, createdAt: { gte: start, lt: end } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** The user's unread, unarchived links due on or before `day` (a DATE's UTC midnight), the earliest first. */
export function linksDueBy(userId: string, day: Date, take: number, db: Db = getDb()): Promise<Link[]> {
  return db.link.findMany({
    where: { userId, remindOn: { lte: day }, readAt: null, archivedAt: null },
    orderBy: [{ remindOn: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take,
  });
}

/** Deletes one of the user's links; whether it existed. */
export async function deleteOwnLink(userId: string, id: string, db: Db = getDb()): Promise<boolean> {
  const { count } = await db.link.deleteMany({ where: { id, userId } });
  return count > 0;
}

/** The user's newest link to exactly `url`, through the (userId, url) index. */
export function newestLinkTo(userId: string, url: string, db: Db = getDb()): Promise<Link | null> {
  return db.link.findFirst({ where: { userId, url }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

/** Sets a link's fields, if it still exists. */
export async function updateLinkFields(
  id: string,
  data: Prisma.LinkUpdateManyMutationInput,
  db: Db = getDb(),
): Promise<void> {
  await db.link.updateMany({ where: { id }, data });
}

/** What a one-click email action shows of the user's link, and the owner's time zone; null when gone. */
export function emailActionLink(userId: string, id: string, db: Db = getDb()) {
  return db.link.findFirst({
    where: { id, userId },
    select: {
      title: true,
      url: true,
      readAt: true,
      archivedAt: true,
      remindOn: true,
      user: { select: { timezone: true } },
    },
  });
}

/** Updates the user's link where it still matches `where`; how many rows changed (0 or 1). */
export async function updateOwnLinkWhere(
  userId: string,
  id: string,
  where: Prisma.LinkWhereInput,
  data: Prisma.LinkUpdateManyMutationInput,
  db: Db = getDb(),
): Promise<number> {
  const { count } = await db.link.updateMany({ where: { ...where, id, userId }, data });
  return count;
}

/** Whether the user has this link. */
export async function ownsLink(userId: string, id: string, db: Db = getDb()): Promise<boolean> {
  return (await db.link.count({ where: { id, userId } })) > 0;
}

/** The user's links saved in (after, until], and how many of them are unread. */
export async function countSavedAndUnread(
  userId: string,
  after: Date,
  until: Date,
  db: Db = getDb(),
): Promise<{ saved: number; unread: number }> {
  const [saved, unread] = await Promise.all([
    db.link.count({ where: { userId, createdAt: { gt: after, lte: until } } }),
    db.link.count({ where: { userId, createdAt: { gt: after, lte: until }, readAt: null } }),
  ]);
  return { saved, unread };
}
