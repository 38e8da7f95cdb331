import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type Db, getDb } from "@/lib/db/client";

// The OPML import's and export's statements, through Prisma: a whole list goes in with a few
// statements (createMany is one INSERT … ON CONFLICT DO NOTHING), never one query per feed.

export type NewSource = { url: string; title: string | null; siteUrl: string | null };

/** Of `urls`, the feed addresses the user subscribes to already. */
export async function subscribedUrls(
  tx: Prisma.TransactionClient,
  userId: string,
  urls: string[],
): Promise<Set<string>> {
  const rows = await tx.subscription.findMany({
    where: { userId, source: { url: { in: urls } } },
    select: { source: { select: { url: true } } },
  });
  return new Set(rows.map((row) => row.source.url));
}

/**
 * Adds the feed addresses not known yet, due for a check at `now`; one already known (another
 * subscriber's) is left as it is, schedule included.
 */
export async function insertMissingSources(
  tx: Prisma.TransactionClient,
  sources: NewSource[],
  now: Date,
): Promise<void> {
  await tx.feedSource.createMany({
    data: sources.map((source) => ({ ...source, nextCheckAt: now })),
    skipDuplicates: true,
  });
}

export async function sourceIdsByUrl(tx: Prisma.TransactionClient, urls: string[]): Promise<Map<string, string>> {
  const rows = await tx.feedSource.findMany({ where: { url: { in: urls } }, select: { id: true, url: true } });
  return new Map(rows.map((row) => [row.url, row.id]));
}

/**
 * Subscribes the user to each source, into the stash (the column's default) and unprimed (the
 * source's next check takes its newest items); returns how many went in.
 */
export async function insertSubscriptions(
  tx: Prisma.TransactionClient,
  userId: string,
  subscriptions: { sourceId: string; category: string | null }[],
): Promise<number> {
  const { count } = await tx.subscription.createMany({
    data: subscriptions.map((subscription) => ({ ...subscription, userId })),
    skipDuplicates: true,
  });
  return count;
}

/** The user's subscriptions as an OPML file lists them, oldest first. */
export async function subscriptionsForOpml(
  userId: string,
  db: Db = getDb(),
): Promise<{ url: string; title: string | null; siteUrl: string | null; category: string | null }[]> {
  const rows = await db.subscription.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { category: true, source: { select: { url: true, title: true, siteUrl: true } } },
  });
  return rows.map((row) => ({ ...row.source, category: row.category }));
}
