import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Article, Link, User } from "@/lib/generated/prisma/client";

// Books' and Kindle settings' reads and writes, through Prisma: nothing here needs SQL (a book's
// pages of links by filter come from lib/links/queries.ts).

/** The user's links with these ids (others are not found), in no particular order. */
export function bookLinksByIds(
  userId: string,
  ids: string[],
  db: Db = getDb(),
): Promise<Pick<Link, "id" | "url" | "title" | "notes">[]> {
  return db.link.findMany({
    where: { userId, id: { in: ids } },
    select: { id: true, url: true, title: true, notes: true },
  });
}

/** The ready articles, with content, of these of the user's links. */
export function readyArticlesOf(
  userId: string,
  linkIds: string[],
  db: Db = getDb(),
): Promise<Pick<Article, "linkId" | "title" | "byline" | "siteName" | "lang" | "dir" | "contentHtml">[]> {
  return db.article.findMany({
    where: { userId, linkId: { in: linkIds }, status: "ready", contentHtml: { not: null } },
    select: { linkId: true, title: true, byline: true, siteName: true, lang: true, dir: true, contentHtml: true },
  });
}

/** One of the user's links, as a book's title needs it; null for anyone else's. */
export function bookLinkRef(
  id: string,
  userId: string,
  db: Db = getDb(),
): Promise<Pick<Link, "id" | "title" | "url"> | null> {
  return db.link.findFirst({ where: { id, userId }, select: { id: true, title: true, url: true } });
}

export function setKindleSettings(
  userId: string,
  data: Pick<User, "kindleEmail" | "kindleWithDigest">,
  db: Db = getDb(),
): Promise<User> {
  return db.user.update({ where: { id: userId }, data });
}
