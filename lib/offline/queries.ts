import "server-only";
import { type Db, getDb } from "@/lib/db/client";

// Offline sync's read, through Prisma: nothing here needs SQL.

/** The user's newest `keep` unread links whose article is ready, newest first. */
export function readyUnreadLinks(userId: string, keep: number, db: Db = getDb()) {
  return db.link.findMany({
    where: { userId, readAt: null, article: { status: "ready" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: keep,
    select: {
      id: true,
      url: true,
      title: true,
      notes: true,
      categories: true,
      readAt: true,
      remindOn: true,
      archivedAt: true,
      readingMinutes: true,
      createdAt: true,
      article: { select: { status: true, title: true, extractedAt: true } },
    },
  });
}
