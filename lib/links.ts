import "server-only";
import { columnList, getDb, queryRows } from "@/lib/db";
import { isRecordId } from "@/lib/db-input";
import { env } from "@/lib/env";
import { badRequest, notFound, paymentRequired } from "@/lib/errors";
import { Prisma, type Link, type User } from "@/lib/generated/prisma/client";
import { categoryKey, distinctCategories } from "@/lib/categories-rules";
import { entitlements } from "@/lib/plans";
import { newRecordId } from "@/lib/record-id";
import { enforceRateLimits, type RateLimitRule, userAndIpChecks } from "@/lib/rate-limit";
import { localDayBounds } from "@/lib/schedule";
import type { HistoryQuery } from "@/lib/validations/history";
import type { LinkPayload } from "@/lib/validations/link";

export const HISTORY_PAGE_SIZE = 200;

export const DAILY_LIMIT_MESSAGE =
  "Free accounts can save 1 link per day after the trial. Upgrade to Pro for unlimited links, or save this one tomorrow.";

// Abuse limits, separate from the free plan's daily limit: far above anyone saving by hand, room
// for a scripted import of a few hundred bookmarks at once (more waits for Retry-After), and low
// enough that a script cannot flood the database. Per address, room for an office behind one NAT.
export const LINK_RATE_LIMITS = {
  perUser: { name: "link-save:user", limit: 300, windowSeconds: 60 },
  perIp: { name: "link-save:ip", limit: 1200, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

export const LINK_RATE_LIMITED_MESSAGE = "You are saving links too quickly. Please wait a minute and try again.";

// A Link row's columns, named: "Link" also holds "responseJson" (below), which a Link object has no
// use for, and a prepared statement must not use `*` (queryRows).
const LINK_COLUMNS = columnList(Prisma.LinkScalarFieldEnum);

// "responseJson" is a generated column holding toLinkResponse(link) as JSON text, written by
// PostgreSQL with every write of the row (migration 20261122100000_link_response_json); the API's
// link lists join these strings instead of building objects per request (bench/api).
export function toLinkResponse(link: Link) {
  return {
    id: link.id,
    url: link.url,
    title: link.title,
    description: link.description,
    siteName: link.siteName,
    faviconUrl: link.faviconUrl,
    notes: link.notes,
    category: link.category,
    categories: link.categories,
    createdAt: link.createdAt.toISOString(),
    readAt: link.readAt?.toISOString() ?? null,
  };
}

export type LinkResponse = ReturnType<typeof toLinkResponse>;

/**
 * Saves a link, after the rate limits (429). A user under the free daily limit is serialised on
 * their own user row, so simultaneous saves cannot all see "nothing saved today" and slip past it.
 */
export async function createLink(user: User, payload: LinkPayload, ip: string | null, now = new Date()): Promise<Link> {
  await enforceRateLimits(userAndIpChecks(LINK_RATE_LIMITS, user.id, ip), LINK_RATE_LIMITED_MESSAGE);
  const limit = entitlements(user, now, env.billingEnabled).dailyLinkLimit;
  // One INSERT through the driver: Prisma's create costs about a millisecond of CPU per save.
  const insert = Prisma.sql`
    INSERT INTO "Link" (id, "userId", url, title, notes, category, categories, "createdAt")
    VALUES (${newRecordId()}, ${user.id}, ${payload.url}, ${payload.title ?? null}, ${payload.notes ?? null},
      ${payload.category}, ${payload.categories}::text[], ${new Date()})
    RETURNING ${LINK_COLUMNS}`;
  if (limit === null) return firstRow(await queryRows<Link>(insert));
  const { start, end } = localDayBounds(user.timezone, now);
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${user.id} FOR UPDATE`;
    const savedToday = await tx.link.count({ where: { userId: user.id, createdAt: { gte: start, lt: end } } });
    if (savedToday >= limit) throw paymentRequired(DAILY_LIMIT_MESSAGE);
    return firstRow(await tx.$queryRaw<Link[]>(insert));
  });
}

function firstRow<T>(rows: T[]): T {
  const row = rows[0];
  if (!row) throw new Error("INSERT … RETURNING returned no row");
  return row;
}

/** The user's links saved during their local calendar day (a WHERE condition). */
function savedToday(user: User, now: Date): Prisma.Sql {
  const { start, end } = localDayBounds(user.timezone, now);
  return Prisma.sql`"userId" = ${user.id} AND "createdAt" >= ${start} AND "createdAt" < ${end}`;
}

/** The links saved during the user's local calendar day, newest first. */
export async function listTodayLinks(user: User, now = new Date()): Promise<Link[]> {
  return queryRows<Link>(Prisma.sql`
    SELECT ${LINK_COLUMNS} FROM "Link" WHERE ${savedToday(user, now)}
    ORDER BY "createdAt" DESC, "id" DESC`);
}

/** The same links as the API's JSON array text. */
export async function listTodayLinksJson(user: User, now = new Date()): Promise<string> {
  const [row] = await queryRows<{ body: string }>(Prisma.sql`
    SELECT coalesce(string_agg("responseJson", ',' ORDER BY "createdAt" DESC, "id" DESC), '') AS body
    FROM "Link" WHERE ${savedToday(user, now)}`);
  return `[${row?.body ?? ""}]`;
}

type Cursor = { createdAt: Date; id: string };

/** A history cursor: the last link's time (ISO, UTC) and id. */
export function encodeHistoryCursor(createdAtIso: string, id: string): string {
  return Buffer.from(`${createdAtIso}|${id}`).toString("base64url");
}

function decodeHistoryCursor(value: string): Cursor {
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !isRecordId(id) || Number.isNaN(createdAt.getTime())) throw badRequest("Invalid cursor");
  return { createdAt, id };
}

// Timestamps hold UTC, so their ISO form (a cursor's time) is their text with a Z.
const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * One page of the user's links, newest first, as the API's JSON array text; keyset-paged on
 * (createdAt, id) so a page is stable while links are added; the category filter ignores case.
 * `q` is a tsquery from buildSearchQuery, bound as a parameter; the search expression is the one
 * Link_search_idx is built on, word for word, so PostgreSQL can use that index.
 */
export async function listHistoryPage(user: User, query: Partial<HistoryQuery>): Promise<{ body: string; nextCursor: string | null }> {
  const limit = Math.min(Math.max(query.limit ?? HISTORY_PAGE_SIZE, 1), HISTORY_PAGE_SIZE);
  const cursor = query.cursor ? decodeHistoryCursor(query.cursor) : null;
  const category = query.category?.trim() ? categoryKey(query.category) : null;
  // One row back: the page's JSON objects joined, the cursor of its last link, and whether one
  // more link exists (the page reads limit + 1).
  const [row] = await queryRows<{ body: string; lastCreatedAt: string | null; lastId: string | null; more: boolean }>(Prisma.sql`
    WITH page AS (
      SELECT "createdAt", id, "responseJson" AS json,
        row_number() OVER (ORDER BY "createdAt" DESC, "id" DESC) AS n
      FROM "Link"
      WHERE "userId" = ${user.id}
        ${cursor ? Prisma.sql`AND ("createdAt", "id") < (${cursor.createdAt}, ${cursor.id})` : Prisma.empty}
        ${category ? Prisma.sql`AND EXISTS (SELECT 1 FROM unnest("categories") AS c WHERE lower(c) = ${category})` : Prisma.empty}
        ${query.q ? Prisma.sql`AND link_search_document("title", "url", "notes", "categories") @@ to_tsquery('simple', ${query.q})` : Prisma.empty}
        ${query.unread ? Prisma.sql`AND "readAt" IS NULL` : Prisma.empty}
      ORDER BY "createdAt" DESC, "id" DESC
      LIMIT ${limit + 1}
    )
    SELECT coalesce(string_agg(json, ',' ORDER BY n) FILTER (WHERE n <= ${limit}), '') AS body,
      max(to_char("createdAt", ${ISO_UTC})) FILTER (WHERE n = ${limit}) AS "lastCreatedAt",
      max(id) FILTER (WHERE n = ${limit}) AS "lastId",
      count(*) > ${limit} AS more
    FROM page`);
  return {
    body: `[${row?.body ?? ""}]`,
    nextCursor: row?.more && row.lastCreatedAt && row.lastId ? encodeHistoryCursor(row.lastCreatedAt, row.lastId) : null,
  };
}

/** Every category name found on the user's links: distinct ignoring case, sorted (history chips). */
export async function listLinkCategories(user: User): Promise<string[]> {
  const rows = await getDb().$queryRaw<{ name: string }[]>`
    SELECT DISTINCT unnest("categories") AS name FROM "Link" WHERE "userId" = ${user.id}`;
  return distinctCategories(rows.map((row) => row.name));
}

/**
 * Marks one of the user's links read (keeping the first time it was read) or unread; someone
 * else's link is answered as not found.
 */
export async function setLinkRead(user: User, id: string, read: boolean, now = new Date()): Promise<Link> {
  if (!isRecordId(id)) throw notFound("Link not found");
  const [link] = await getDb().$queryRaw<Link[]>`
    UPDATE "Link" SET "readAt" = ${read ? Prisma.sql`COALESCE("readAt", ${now})` : Prisma.sql`NULL`}
    WHERE id = ${id} AND "userId" = ${user.id}
    RETURNING ${LINK_COLUMNS}`;
  if (!link) throw notFound("Link not found");
  return link;
}

/** Deletes one of the user's links; someone else's link is answered as not found. */
export async function deleteLink(user: User, id: string): Promise<void> {
  if (!isRecordId(id)) throw notFound("Link not found");
  const { count } = await getDb().link.deleteMany({ where: { id, userId: user.id } });
  if (count === 0) throw notFound("Link not found");
}
