import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Prisma, User } from "@/lib/generated/prisma/client";

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

export function countFeedLinks(filter: FeedFilter): Promise<number> {
  return getDb().link.count({ where: whereOf(filter) });
}
