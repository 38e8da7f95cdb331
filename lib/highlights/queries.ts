import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Highlight, Link } from "@/lib/generated/prisma/client";

// Highlights' reads and writes, all through Prisma: nothing here needs SQL.

/** Whether `linkId` is one of the user's links. */
export async function isOwnLink(linkId: string, userId: string, db: Db = getDb()): Promise<boolean> {
  return (await db.link.findFirst({ where: { id: linkId, userId }, select: { id: true } })) !== null;
}

/** The link's highlights in the order they were made. */
export function highlightsOf(linkId: string, userId: string, db: Db = getDb()): Promise<Highlight[]> {
  return db.highlight.findMany({ where: { linkId, userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export function highlightCountOnLink(linkId: string, db: Db = getDb()): Promise<number> {
  return db.highlight.count({ where: { linkId } });
}

export function highlightCountOfUser(userId: string, db: Db = getDb()): Promise<number> {
  return db.highlight.count({ where: { userId } });
}

export type NewHighlight = Pick<
  Highlight,
  "userId" | "linkId" | "quote" | "prefix" | "suffix" | "start" | "end" | "note" | "color"
>;

export function insertHighlight(data: NewHighlight, db: Db = getDb()): Promise<Highlight> {
  return db.highlight.create({ data });
}

type HighlightKey = { id: string; linkId: string; userId: string };

/** Changes the given fields of the user's highlight; whether it exists. */
export async function updateHighlightFields(
  where: HighlightKey,
  data: Partial<Pick<Highlight, "note" | "color">>,
  db: Db = getDb(),
): Promise<boolean> {
  const { count } = await db.highlight.updateMany({ where, data });
  return count > 0;
}

export function highlightByKey(where: HighlightKey, db: Db = getDb()): Promise<Highlight | null> {
  return db.highlight.findFirst({ where });
}

/** Deletes the user's highlight; whether it existed. */
export async function deleteHighlightByKey(where: HighlightKey, db: Db = getDb()): Promise<boolean> {
  const { count } = await db.highlight.deleteMany({ where });
  return count > 0;
}

export type HighlightWithLink = Pick<Highlight, "linkId" | "quote" | "note"> & {
  link: Pick<Link, "title" | "url">;
};

/** The user's newest highlights made after `after` up to `end`, at most `take`. */
export function recentHighlights(
  userId: string,
  after: Date,
  end: Date,
  take: number,
  db: Db = getDb(),
): Promise<HighlightWithLink[]> {
  return db.highlight.findMany({
    where: { userId, createdAt: { gt: after, lte: end } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { linkId: true, quote: true, note: true, link: { select: { title: true, url: true } } },
  });
}
