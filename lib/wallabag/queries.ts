import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import { type Highlight, type Link, Prisma } from "@/lib/generated/prisma/client";

// The apps' API (wallabag's v2) over the user's links, through Prisma: its lists filter and page
// the way wallabag pages (by offset, with a total), which the links' own keyset pages do not.

export type EntryFilter = {
  userId: string;
  archived?: boolean;
  starred?: boolean;
  /** The categories every entry must have, as stored (already matched to the user's spelling). */
  categories: string[];
  /** Changed (or, never changed, saved) after this instant. */
  changedAfter: Date | null;
  host?: string;
};

export type EntryOrder = { sort: "created" | "updated" | "archived"; order: "asc" | "desc" };

export type EntryRow = Link & {
  article: {
    contentHtml: string | null;
    lang: string | null;
    publishedTime: string | null;
    byline: string | null;
    /** Read for one entry only (its text export). */
    textContent?: string | null;
  } | null;
};

function whereOf(filter: EntryFilter): Prisma.LinkWhereInput {
  const all: Prisma.LinkWhereInput[] = [{ userId: filter.userId }];
  if (filter.archived === true) all.push({ OR: [{ readAt: { not: null } }, { archivedAt: { not: null } }] });
  if (filter.archived === false) all.push({ readAt: null, archivedAt: null });
  if (filter.starred === true) all.push({ favoritedAt: { not: null } });
  if (filter.starred === false) all.push({ favoritedAt: null });
  if (filter.categories.length > 0) all.push({ categories: { hasEvery: filter.categories } });
  if (filter.changedAfter)
    all.push({
      OR: [{ updatedAt: { gt: filter.changedAfter } }, { updatedAt: null, createdAt: { gt: filter.changedAfter } }],
    });
  // The host as the address writes it: after the scheme, before the port, path or query.
  if (filter.host)
    all.push({
      OR: ["/", ":", "?", "#"].map((end) => ({
        url: { contains: `//${filter.host}${end}`, mode: "insensitive" as const },
      })),
    });
  return { AND: all };
}

function orderOf({ sort, order }: EntryOrder): Prisma.LinkOrderByWithRelationInput[] {
  const nulls = order === "asc" ? "first" : "last";
  if (sort === "updated") return [{ updatedAt: { sort: order, nulls } }, { createdAt: order }, { id: order }];
  if (sort === "archived") return [{ readAt: { sort: order, nulls } }, { createdAt: order }, { id: order }];
  return [{ createdAt: order }, { id: order }];
}

/** One page of the user's entries, with what the list shows of their articles (not the content). */
export function selectEntries(filter: EntryFilter, order: EntryOrder, skip: number, take: number): Promise<EntryRow[]> {
  return getDb()
    .link.findMany({
      where: whereOf(filter),
      orderBy: orderOf(order),
      skip,
      take,
      include: { article: { select: { lang: true, publishedTime: true, byline: true } } },
    })
    .then((rows) =>
      rows.map((row) => ({ ...row, article: row.article ? { ...row.article, contentHtml: null } : null })),
    );
}

export function countEntries(filter: EntryFilter): Promise<number> {
  return getDb().link.count({ where: whereOf(filter) });
}

/** The user's link by its number, with its article. */
export function entryBySerial(userId: string, serial: number, db: Db = getDb()): Promise<EntryRow | null> {
  return db.link.findFirst({
    where: { userId, serial },
    include: {
      article: { select: { contentHtml: true, lang: true, publishedTime: true, byline: true, textContent: true } },
    },
  });
}

/** The newest of the user's links to each of these addresses (the (userId, url) index). */
export function serialsOfUrls(userId: string, urls: string[]): Promise<{ url: string; serial: number }[]> {
  return getDb().link.findMany({
    where: { userId, url: { in: urls } },
    select: { url: true, serial: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** Every address the user has saved, newest first: the apps look links up by a hash of it. */
export function allUrlsOf(userId: string): Promise<{ url: string; serial: number }[]> {
  return getDb().link.findMany({
    where: { userId },
    select: { url: true, serial: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** Changes the user's link by its id; null when it is gone. */
export async function setEntryFields(
  userId: string,
  id: string,
  data: Prisma.LinkUpdateManyMutationInput,
): Promise<boolean> {
  const { count } = await getDb().link.updateMany({ where: { id, userId }, data });
  return count > 0;
}

/** The user's highlights on these links, oldest first: one query for a page of entries. */
export function highlightsOfLinks(userId: string, linkIds: string[]): Promise<Highlight[]> {
  return getDb().highlight.findMany({
    where: { userId, linkId: { in: linkIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

export type AnnotationRow = Highlight & { link: { article: { contentHtml: string | null } | null } };

/** The user's highlight by its number (an annotation's id), with its link's article. */
export function highlightBySerial(userId: string, serial: number, db: Db = getDb()): Promise<AnnotationRow | null> {
  return db.highlight.findFirst({
    where: { userId, serial },
    include: { link: { select: { article: { select: { contentHtml: true } } } } },
  });
}

/** Every spelling of a category on the user's links. */
export async function categorySpellingsOf(userId: string): Promise<string[]> {
  const rows = await getDb().$queryRaw<{ name: string }[]>(
    Prisma.sql`SELECT DISTINCT unnest("categories") AS name FROM "Link" WHERE "userId" = ${userId}`,
  );
  return rows.map((row) => row.name);
}

/**
 * Takes these category spellings off every link of the user, in one statement, keeping the order of
 * the rest; a link left with none gets `fallback`. How many links changed.
 */
export function removeCategoriesFromLinks(userId: string, names: string[], fallback: string): Promise<number> {
  if (names.length === 0) return Promise.resolve(0);
  return getDb().$executeRaw(Prisma.sql`
    WITH changed AS (
      SELECT l.id, ARRAY(
        SELECT c FROM unnest(l."categories") WITH ORDINALITY AS t(c, n) WHERE c <> ALL(${names}::text[]) ORDER BY n
      ) AS kept
      FROM "Link" l
      WHERE l."userId" = ${userId} AND l."categories" && ${names}::text[]
    )
    UPDATE "Link" SET
      "categories" = CASE WHEN cardinality(changed.kept) = 0 THEN ARRAY[${fallback}]::text[] ELSE changed.kept END,
      "category" = CASE WHEN cardinality(changed.kept) = 0 THEN ${fallback} ELSE changed.kept[1] END
    FROM changed
    WHERE "Link".id = changed.id`);
}

/** A link's article as HTML, or null (none yet, or not an article). */
export async function articleContentOf(linkId: string): Promise<string | null> {
  const article = await getDb().article.findUnique({ where: { linkId }, select: { contentHtml: true } });
  return article?.contentHtml ?? null;
}
