import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import { Prisma, type User } from "@/lib/generated/prisma/client";

// The private feeds' secret on the user's row, and the links a feed lists.

export async function setFeedKeyIfUnset(userId: string, key: string, db: Db = getDb()): Promise<void> {
  await db.user.updateMany({ where: { id: userId, feedKey: null }, data: { feedKey: key } });
}

export function setFeedKey(userId: string, feedKey: string, db: Db = getDb()): Promise<User> {
  return db.user.update({ where: { id: userId }, data: { feedKey } });
}

export function userById(id: string, db: Db = getDb()): Promise<User> {
  return db.user.findUniqueOrThrow({ where: { id } });
}

export function userByFeedKey(feedKey: string, db: Db = getDb()): Promise<User | null> {
  return db.user.findUnique({ where: { feedKey } });
}

export type FeedFilter = { userId: string } & (
  { list: "unread" } | { list: "favorites" } | { list: "category"; category: string }
);

function whereOf(filter: FeedFilter): Prisma.LinkWhereInput {
  if (filter.list === "unread") return { userId: filter.userId, readAt: null, archivedAt: null };
  if (filter.list === "favorites") return { userId: filter.userId, favoritedAt: { not: null } };
  return { userId: filter.userId, categories: { has: filter.category } };
}

/** A feed's newest links (after `skip` of them), with their articles' content when asked for. */
export function feedLinks(filter: FeedFilter, take: number, skip = 0, content = true) {
  return getDb().link.findMany({
    where: whereOf(filter),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    include: { article: { select: { contentHtml: content, status: true } } },
  });
}

/** The ids of a feed's newest `take` links, newest first. */
export async function feedLinkIds(filter: FeedFilter, take: number): Promise<string[]> {
  const rows = await getDb().link.findMany({
    where: whereOf(filter),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

export function countFeedLinks(filter: FeedFilter): Promise<number> {
  return getDb().link.count({ where: whereOf(filter) });
}

/** What any of a user's feeds shows, summed up: counts and newest times of links, articles and digests. */
export type FeedState = {
  links: number;
  linkCreatedAt: Date | null;
  linkUpdatedAt: Date | null;
  articles: number;
  articleAt: Date | null;
  digests: number;
  digestAt: Date | null;
};

/**
 * One statement of aggregates over the user's rows (a feed reader polls, so this replaces writing
 * the feed): a count catches a deletion, a newest time any other change, a link leaving a list too.
 */
export async function feedState(userId: string, db: Db = getDb()): Promise<FeedState> {
  const [row] = await db.$queryRaw<FeedState[]>(Prisma.sql`
    SELECT l.links, l."linkCreatedAt", l."linkUpdatedAt", a.articles, a."articleAt", d.digests, d."digestAt"
    FROM (SELECT count(*)::int AS links, max("createdAt") AS "linkCreatedAt", max("updatedAt") AS "linkUpdatedAt"
          FROM "Link" WHERE "userId" = ${userId}) l,
      (SELECT count(*)::int AS articles, max("extractedAt") AS "articleAt"
       FROM "Article" WHERE "userId" = ${userId} AND status = 'ready') a,
      (SELECT count(*)::int AS digests, max("sentAt") AS "digestAt"
       FROM "DigestDelivery" WHERE "userId" = ${userId} AND status = 'sent') d`);
  if (!row) throw new Error("an aggregate answered no row");
  return row;
}
