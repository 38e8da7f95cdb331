import "server-only";
import { type Db, getDb, queryRows } from "@/lib/db/client";
import { type Article, type Link, Prisma } from "@/lib/generated/prisma/client";

// The articles' SQL that Prisma's query API cannot say in one statement; everything else about
// articles goes through Prisma (at the end of this file).

/**
 * Counts a fetch of the link's page that failed, in one atomic statement: a first failure creates
 * the failed article; a later one adds to its count, and stamps the time only while the article is
 * still failed (a ready article stays readable, with the time it was extracted). Every save of a
 * page that does not answer ends here, after the response.
 */
export async function recordArticleFailure(link: { id: string; userId: string }, now: Date): Promise<void> {
  await queryRows(Prisma.sql`
    INSERT INTO "Article" ("linkId", "userId", status, failures, "extractedAt")
    VALUES (${link.id}, ${link.userId}, 'failed', 1, ${now})
    ON CONFLICT ("linkId") DO UPDATE SET
      failures = "Article".failures + 1,
      "extractedAt" = CASE WHEN "Article".status = 'failed' THEN EXCLUDED."extractedAt" ELSE "Article"."extractedAt" END`);
}

/** An extraction's result as the article row holds it: every field, null where it has none. */
export type ArticleRow = {
  status: "ready" | "unavailable";
  title: string | null;
  byline: string | null;
  siteName: string | null;
  excerpt: string | null;
  lang: string | null;
  dir: string | null;
  publishedTime: string | null;
  contentHtml: string | null;
  textContent: string | null;
  wordCount: number | null;
  readingMinutes: number | null;
  /** What the article was read from ("text/html", "application/pdf"); null when not said (decision 0415). */
  mimeType?: string | null;
  reason: string | null;
  extractedAt: Date;
};

/** The statement that stores `row` as the link's article and its reading time on the link. */
function articleUpsert(link: { id: string; userId: string }, row: ArticleRow): Prisma.Sql {
  return Prisma.sql`
    WITH stored AS (
      INSERT INTO "Article" ("linkId", "userId", status, failures, title, byline, "siteName", excerpt, lang, dir,
        "publishedTime", "contentHtml", "textContent", "wordCount", "readingMinutes", "mimeType", reason, "extractedAt")
      VALUES (${link.id}, ${link.userId}, ${row.status}::"ArticleStatus", 0, ${row.title}, ${row.byline},
        ${row.siteName}, ${row.excerpt}, ${row.lang}, ${row.dir}, ${row.publishedTime}, ${row.contentHtml},
        ${row.textContent}, ${row.wordCount}, ${row.readingMinutes}, ${row.mimeType ?? null}, ${row.reason},
        ${row.extractedAt})
      ON CONFLICT ("linkId") DO UPDATE SET
        status = EXCLUDED.status, failures = 0, title = EXCLUDED.title, byline = EXCLUDED.byline,
        "siteName" = EXCLUDED."siteName", excerpt = EXCLUDED.excerpt, lang = EXCLUDED.lang, dir = EXCLUDED.dir,
        "publishedTime" = EXCLUDED."publishedTime", "contentHtml" = EXCLUDED."contentHtml",
        "textContent" = EXCLUDED."textContent", "wordCount" = EXCLUDED."wordCount",
        "readingMinutes" = EXCLUDED."readingMinutes", "mimeType" = EXCLUDED."mimeType", reason = EXCLUDED.reason, "extractedAt" = EXCLUDED."extractedAt"
      RETURNING "readingMinutes"
    )
    UPDATE "Link" SET "readingMinutes" = (SELECT "readingMinutes" FROM stored) WHERE id = ${link.id}`;
}

/**
 * Stores an extraction's result as the link's article, and its reading time on the link, in one
 * statement. Through the driver rather than Prisma's query API: an article's text can run to
 * megabytes, and passing it through Prisma's query compiler (WebAssembly, whose memory only grows)
 * left the server with about twice the memory for the same writes (decision 0316).
 */
export async function storeArticle(link: { id: string; userId: string }, row: ArticleRow): Promise<void> {
  await queryRows(articleUpsert(link, row));
}

/**
 * The same, inside the transaction `tx` that saves the link: a newsletter saved from a mail has its
 * article from the start (decision 0328). Its HTML is bounded (lib/inbound-mail/parse-mail.mjs).
 */
export async function storeArticleIn(
  tx: Prisma.TransactionClient,
  link: { id: string; userId: string },
  row: ArticleRow,
): Promise<void> {
  await tx.$executeRaw(articleUpsert(link, row));
}

// The owed page work (decision 0301): single statements only, so a transaction-mode pooler carries
// them and several instances can share the table. Times are the database's own (now()).

export type PageWorkKind = "save" | "extract" | "anyway";

/** A claimed row, with what the runner needs to do it. */
export type PageJob = {
  linkId: string;
  userId: string;
  url: string;
  kind: PageWorkKind;
  keepTitle: boolean;
  attempts: number;
  requests: number;
  /** Owed within the fresh window: it may spend the budget's reserve (decision 0376). */
  fresh: boolean;
};

/**
 * Records that the link's page is owed a fetch. A save's row is new; the reader's first open adds
 * no request to a row already owed (`again` false); a refresh (`again` true) asks once more, so a row
 * being run now is run again after. Asking for the text anyway makes the owed row that kind. The
 * reader asking makes a backlog row fresh again (decision 0376): it goes to the front of its user's
 * work and may spend the budget's reserve, no longer deferred with the backlog.
 */
export async function owePageWork(
  link: { id: string; userId: string },
  kind: PageWorkKind,
  { keepTitle = false, again = false }: { keepTitle?: boolean; again?: boolean } = {},
): Promise<void> {
  const asked = kind === "anyway" || again ? Prisma.sql`"PageWork".requests + 1` : Prisma.sql`"PageWork".requests`;
  const onConflict =
    kind === "save"
      ? Prisma.sql`DO NOTHING`
      : Prisma.sql`DO UPDATE SET requests = ${asked},
          kind = ${kind === "anyway" ? Prisma.sql`'anyway'` : Prisma.sql`"PageWork".kind`},
          "createdAt" = now(), "runAfter" = LEAST("PageWork"."runAfter", now())`;
  await queryRows(Prisma.sql`
    INSERT INTO "PageWork" ("linkId", "userId", kind, "keepTitle")
    VALUES (${link.id}, ${link.userId}, ${kind}::"PageWorkKind", ${keepTitle})
    ON CONFLICT ("linkId") ${onConflict}`);
}

/**
 * Takes the newest due row whose user has no other row running (one page per user at a time, so one
 * user's burst cannot hold every slot), for `leaseSeconds`: a user's latest save or open comes before
 * their backlog (decision 0376). A claim whose lease ran out (its process stopped) is taken again;
 * SKIP LOCKED keeps two claimers off one row. `freshSeconds`: how recent a row is fresh.
 */
export async function claimPageWork(
  claimedBy: string,
  leaseSeconds: number,
  freshSeconds: number,
): Promise<PageJob | null> {
  const rows = await queryRows<PageJob>(Prisma.sql`
    UPDATE "PageWork" AS w
    SET "claimedBy" = ${claimedBy}, "claimedUntil" = now() + make_interval(secs => ${leaseSeconds}::float8),
        attempts = w.attempts + 1
    FROM "Link" AS l
    WHERE l.id = w."linkId" AND w."linkId" = (
      SELECT c."linkId" FROM "PageWork" AS c
      WHERE c."runAfter" <= now()
        AND (c."claimedUntil" IS NULL OR c."claimedUntil" < now())
        AND NOT EXISTS (
          SELECT 1 FROM "PageWork" AS r WHERE r."userId" = c."userId" AND r."claimedUntil" >= now()
        )
      ORDER BY c."createdAt" DESC, c."linkId" DESC
      LIMIT 1 FOR UPDATE OF c SKIP LOCKED
    )
    RETURNING w."linkId", w."userId", l.url, w.kind::text AS kind, w."keepTitle", w.attempts, w.requests,
      w."createdAt" >= now() - make_interval(secs => ${freshSeconds}::float8) AS fresh`);
  return rows[0] ?? null;
}

/**
 * Done: the row goes, unless it was asked for again while it ran (then it is released, to run again).
 * Only while this runner still holds it: a claim retaken after its lease belongs to the new holder.
 */
export async function finishPageWork(job: PageJob, claimedBy: string): Promise<void> {
  await queryRows(Prisma.sql`
    WITH done AS (
      DELETE FROM "PageWork"
      WHERE "linkId" = ${job.linkId} AND "claimedBy" = ${claimedBy} AND requests = ${job.requests}
      RETURNING 1
    )
    UPDATE "PageWork" SET "claimedBy" = NULL, "claimedUntil" = NULL, attempts = 0
    WHERE "linkId" = ${job.linkId} AND "claimedBy" = ${claimedBy} AND NOT EXISTS (SELECT 1 FROM done)`);
}

/**
 * The user is over their page-fetch budget: their rows not running elsewhere wait until
 * `seconds` from now (this claim's attempt not counted). Nothing is dropped. With `backlogSeconds`
 * only the backlog is over its share (decision 0376): rows owed within that many seconds stay due
 * (this claim's row waits whatever its age).
 */
export async function deferUserPageWork(
  userId: string,
  claimedBy: string,
  seconds: number,
  backlogSeconds: number | null = null,
): Promise<void> {
  const which =
    backlogSeconds === null
      ? Prisma.empty
      : Prisma.sql`AND ("claimedBy" = ${claimedBy}
          OR "createdAt" < now() - make_interval(secs => ${backlogSeconds}::float8))`;
  await queryRows(Prisma.sql`
    UPDATE "PageWork"
    SET "runAfter" = GREATEST("runAfter", now() + make_interval(secs => ${seconds}::float8)),
        attempts = CASE WHEN "claimedBy" = ${claimedBy} THEN attempts - 1 ELSE attempts END,
        "claimedBy" = NULL, "claimedUntil" = NULL
    WHERE "userId" = ${userId}
      AND ("claimedBy" = ${claimedBy} OR "claimedUntil" IS NULL OR "claimedUntil" < now()) ${which}`);
}

/** Frees every claim: the embedded database has one process, so at its start every claim is a dead one's. */
export async function releaseAllPageWorkClaims(): Promise<number> {
  const rows = await queryRows<{ count: number }>(Prisma.sql`
    WITH released AS (
      UPDATE "PageWork" SET "claimedBy" = NULL, "claimedUntil" = NULL WHERE "claimedBy" IS NOT NULL RETURNING 1
    )
    SELECT count(*)::int AS count FROM released`);
  return rows[0]?.count ?? 0;
}

/** One of the user's links, as the article's routes need it; null for anyone else's. */
export function ownLinkRef(
  id: string,
  userId: string,
  db: Db = getDb(),
): Promise<Pick<Link, "id" | "userId" | "url"> | null> {
  return db.link.findFirst({ where: { id, userId }, select: { id: true, userId: true, url: true } });
}

export function articleOfLink(linkId: string, userId: string, db: Db = getDb()): Promise<Article | null> {
  return db.article.findFirst({ where: { linkId, userId } });
}

export function ownLinkWithArticle(
  id: string,
  userId: string,
  db: Db = getDb(),
): Promise<(Link & { article: Article | null }) | null> {
  return db.link.findFirst({ where: { id, userId }, include: { article: true } });
}
