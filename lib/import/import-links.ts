import "server-only";
import { getDb } from "@/lib/db";
import type { User } from "@/lib/generated/prisma/client";
import { FORMAT_LABELS } from "@/lib/import/detect";
import { ImportFileError, openImport } from "@/lib/import/read";
import { toLinkRow, type LinkRow } from "@/lib/import/record";
import { newRecordId } from "@/lib/record-id";
import { localDayBounds } from "@/lib/schedule";

// Imports an uploaded export into the user's links (README "Import and export"): rows are checked
// like a saved link, links already stashed and repeats within the file are skipped, and rows go in
// by batches under the user's row lock, so two imports at once cannot both add the same link.

export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
export const IMPORT_TOO_LARGE_MESSAGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it, or import the CSV files of a ZIP one by one.`;
const BATCH_SIZE = 1000;
/** Bad rows listed in the summary; the rest are only counted. */
export const MAX_REPORTED_PROBLEMS = 20;

export type ImportProgress = { bytesRead: number; processed: number; imported: number; skipped: number; errors: number };
export type ImportProblem = { line: number; reason: string };
export type ImportSummary = ImportProgress & { done: true; format: string | null; problems: ImportProblem[]; error: string | null };

export { ImportFileError };

/** The upload went past IMPORT_MAX_BYTES (a 413 when it is known before the import starts). */
export class ImportTooLargeError extends ImportFileError {
  constructor() {
    super(IMPORT_TOO_LARGE_MESSAGE);
  }
}

/**
 * The latest time an imported link may carry: before the user's local today (imports are not
 * "saved today", so they count neither toward the free daily limit nor in Send Digest Now) and no
 * later than the digest cursor. A user who never had a digest gets a cursor here, set before their
 * earliest link, so the first digest holds what they saved and none of what they imported.
 */
async function saveTimeCap(userId: string, now: Date): Promise<Date> {
  const db = getDb();
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { digestCursor: true, timezone: true } });
  const beforeToday = localDayBounds(user.timezone, now).start.getTime() - 1;
  if (user.digestCursor) return new Date(Math.min(beforeToday, user.digestCursor.getTime()));
  const earliest = await db.link.findFirst({ where: { userId }, orderBy: { createdAt: "asc" }, select: { createdAt: true } });
  const cap = new Date(Math.min(beforeToday, (earliest?.createdAt.getTime() ?? Infinity) - 1));
  await db.user.updateMany({ where: { id: userId, digestCursor: null }, data: { digestCursor: cap } });
  return cap;
}

/** Inserts the rows not stashed yet; returns how many went in. */
async function insertBatch(userId: string, rows: LinkRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const existing = await tx.$queryRaw<{ url: string }[]>`
      SELECT url FROM "Link" WHERE "userId" = ${userId} AND url = ANY(${rows.map((row) => row.url)})`;
    const stashed = new Set(existing.map((row) => row.url));
    const fresh = rows.filter((row) => !stashed.has(row.url));
    if (fresh.length === 0) return 0;
    // One statement per batch, its columns as arrays: far faster than a row of parameters per link.
    return tx.$executeRaw`
      INSERT INTO "Link" (id, "userId", url, title, notes, category, categories, "createdAt", "readAt")
      SELECT l.id, ${userId}, l.url, l.title, l.notes, l.category, ARRAY(SELECT jsonb_array_elements_text(l.categories)), l."createdAt", l."readAt"
      FROM unnest(
        ${fresh.map(() => newRecordId())}::text[], ${fresh.map((row) => row.url)}::text[], ${fresh.map((row) => row.title)}::text[],
        ${fresh.map((row) => row.notes)}::text[], ${fresh.map((row) => row.category)}::text[],
        ${fresh.map((row) => JSON.stringify(row.categories))}::jsonb[],
        ${fresh.map((row) => row.createdAt)}::timestamp[], ${fresh.map((row) => row.readAt)}::timestamp[]
      ) AS l(id, url, title, notes, category, categories, "createdAt", "readAt")`;
  });
}

export type StartedImport = { format: string; run: (onProgress: (progress: ImportProgress) => void | Promise<void>) => Promise<ImportSummary> };

/**
 * Reads the start of the upload `chunks` to tell its format: a file we cannot read at all is an
 * ImportFileError before anything is stored. `run` then imports it for the user, reporting progress
 * after each batch; a bad row is counted and listed, never fatal.
 */
export async function startImport(
  user: Pick<User, "id">,
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  now = new Date(),
): Promise<StartedImport> {
  const progress: ImportProgress = { bytesRead: 0, processed: 0, imported: 0, skipped: 0, errors: 0 };
  const counted = (async function* () {
    for await (const chunk of chunks) {
      progress.bytesRead += chunk.length;
      if (progress.bytesRead > IMPORT_MAX_BYTES) throw new ImportTooLargeError();
      yield chunk;
    }
  })();
  const source = await openImport(counted, fileName, IMPORT_MAX_BYTES);
  const format = FORMAT_LABELS[source.format];
  const run = async (onProgress: (progress: ImportProgress) => void | Promise<void>): Promise<ImportSummary> => {
    const cap = await saveTimeCap(user.id, now);
    const problems: ImportProblem[] = [];
    const seen = new Set<string>();
    let batch: LinkRow[] = [];
    // Repeats within a batch are caught here; a repeat of an earlier batch is in the database by
    // then and skipped there, so memory holds one batch whatever the file's size.
    const flush = async () => {
      const rows = batch;
      batch = [];
      seen.clear();
      const imported = await insertBatch(user.id, rows);
      progress.imported += imported;
      progress.skipped += rows.length - imported;
      await onProgress({ ...progress });
    };
    let error: string | null = null;
    try {
      for await (const records of source.records) {
        for (const record of records) {
          progress.processed += 1;
          const result = toLinkRow(record, cap);
          if (!result.ok) {
            progress.errors += 1;
            if (problems.length < MAX_REPORTED_PROBLEMS) problems.push({ line: result.line, reason: result.reason });
          } else if (seen.has(result.row.url)) {
            progress.skipped += 1;
          } else {
            seen.add(result.row.url);
            batch.push(result.row);
            if (batch.length >= BATCH_SIZE) await flush();
          }
        }
      }
    } catch (caught) {
      if (!(caught instanceof ImportFileError)) throw caught;
      // What was read before the file broke off stays imported; the summary says where it stopped.
      error = caught.message;
    }
    await flush();
    return { ...progress, done: true, format, problems, error };
  };
  return { format, run };
}
