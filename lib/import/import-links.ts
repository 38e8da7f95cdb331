import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import { lockUsers } from "@/lib/db/lock-users";
import { newRecordId } from "@/lib/db/record-id";
import { inTransaction } from "@/lib/db/transaction";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { MAX_HIGHLIGHTS_PER_USER } from "@/lib/highlights/rules";
import { FORMAT_LABELS } from "@/lib/import/detect";
import { ImportFileError, ImportLimitError } from "@/lib/import/errors";
import { count, IMPORT_LIMITS, megabytes, type ImportLimits } from "@/lib/import/limits";
import { openImport } from "@/lib/import/read";
import { toLinkRow, type LinkRow } from "@/lib/import/record";
import {
  earliestLinkTime,
  highlightCountOfUser,
  importCursorFields,
  insertHighlights,
  insertLinkBatch,
  setDigestCursorIfUnset,
  stashedUrls,
} from "@/lib/import/queries";
import { subscribeToOpmlFeeds } from "@/lib/subscriptions/import-opml";
import type { OpmlFeed } from "@/lib/subscriptions/opml";
import { localDayBounds } from "@/lib/time/local-day";

// Imports an uploaded export into the user's links (docs/decisions/0036-0038): rows are checked
// like a saved link, links already stashed and repeats within the file are skipped, and rows go in
// by batches under the user's row lock, so two imports at once cannot both add the same link.
// An OPML list of feeds comes through the same upload and answer, but subscribes instead
// (lib/subscriptions/import-opml.ts, decision 0417).

export const IMPORT_MAX_BYTES = IMPORT_LIMITS.maxUploadBytes;
export const IMPORT_TOO_LARGE_MESSAGE = `The file is larger than ${megabytes(IMPORT_MAX_BYTES)}. Split it, or import the CSV files of a ZIP one by one.`;
const BATCH_SIZE = 1000;
// Rows per INSERT: the embedded database runs each statement on the server's one thread, and a
// 250-row insert keeps that pause short (1,000 rows held other requests back for about a second on
// a busy two-core machine); on PostgreSQL the cost is a few more round trips.
const INSERT_SLICE = 250;
/**
 * Records handled between two turns of the event loop. Upload chunks are often queued already and
 * the embedded database answers without I/O, so without these turns an import would run as one
 * chain of promise callbacks and keep every other request waiting.
 */
const RECORDS_PER_TURN = 500;
/** Bad rows listed in the summary; the rest are only counted. */
export const MAX_REPORTED_PROBLEMS = 20;

export type ImportProgress = {
  bytesRead: number;
  processed: number;
  imported: number;
  skipped: number;
  errors: number;
};
export type ImportProblem = { line: number; reason: string };
/** What an OPML import did; the summary's `imported` and `skipped` count the same feeds. */
export type FeedImportSummary = {
  subscribed: number;
  alreadySubscribed: number;
  cut: number;
  cutBecause: string | null;
};
export type ImportSummary = ImportProgress & {
  done: true;
  format: string | null;
  problems: ImportProblem[];
  error: string | null;
  feeds?: FeedImportSummary;
};

export { ImportFileError, ImportLimitError };

/** The upload went past IMPORT_MAX_BYTES (a 413 when it is known before the import starts). */
export class ImportTooLargeError extends ImportLimitError {
  constructor() {
    super(IMPORT_TOO_LARGE_MESSAGE, 413);
  }
}

/**
 * The latest time an imported link may carry: before the user's local today (imports are not
 * "saved today", so they count neither toward the free daily limit nor in Send Digest Now) and no
 * later than the digest cursor. A user who never had a digest gets a cursor here, set before their
 * earliest link, so the first digest holds what they saved and none of what they imported.
 */
async function saveTimeCap(userId: string, now: Date): Promise<Date> {
  const user = await importCursorFields(userId);
  const beforeToday = localDayBounds(user.timezone, now).start.getTime() - 1;
  if (user.digestCursor) return new Date(Math.min(beforeToday, user.digestCursor.getTime()));
  const earliest = await earliestLinkTime(userId);
  const cap = new Date(Math.min(beforeToday, (earliest?.getTime() ?? Infinity) - 1));
  await setDigestCursorIfUnset(userId, cap);
  return cap;
}

/**
 * The highlights of links just imported (LinkStash JSON), within what the user may still keep
 * (MAX_HIGHLIGHTS_PER_USER; the user's row is locked by the caller). Those past it are left out.
 */
async function insertImportedHighlights(
  tx: Prisma.TransactionClient,
  userId: string,
  rows: LinkRow[],
  ids: string[],
): Promise<void> {
  if (!rows.some((row) => row.highlights.length > 0)) return;
  let room = MAX_HIGHLIGHTS_PER_USER - (await highlightCountOfUser(userId, tx));
  const data: Prisma.HighlightCreateManyInput[] = [];
  rows.forEach((row, index) => {
    const linkId = ids[index];
    for (const highlight of row.highlights) {
      if (room <= 0 || linkId === undefined) return;
      room -= 1;
      data.push({ ...highlight, userId, linkId });
    }
  });
  for (let i = 0; i < data.length; i += INSERT_SLICE) {
    await nextTurn();
    await insertHighlights(data.slice(i, i + INSERT_SLICE), tx);
  }
}

/** Inserts the rows not stashed yet; returns how many went in. */
async function insertBatch(userId: string, rows: LinkRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  return inTransaction(
    async (tx) => {
      await lockUsers(tx, [userId]);
      const stashed = await stashedUrls(
        userId,
        rows.map((row) => row.url),
        tx,
      );
      const fresh = rows.filter((row) => !stashed.has(row.url));
      const ids = fresh.map(() => newRecordId());
      let inserted = 0;
      for (let i = 0; i < fresh.length; i += INSERT_SLICE) {
        await nextTurn();
        inserted += await insertLinkBatch(tx, userId, fresh.slice(i, i + INSERT_SLICE), ids.slice(i, i + INSERT_SLICE));
      }
      await insertImportedHighlights(tx, userId, fresh, ids);
      return inserted;
    },
    // Prisma's 5 s default is tight for four inserts with turns between on a busy embedded database.
    { timeout: 30_000 },
  );
}

export type StartedImport = {
  format: string;
  run: (onProgress: (progress: ImportProgress) => void | Promise<void>) => Promise<ImportSummary>;
};

/** An OPML file, read whole already: one step subscribes to its feeds, so no progress line comes before the summary. */
function feedImport(
  user: Pick<User, "id">,
  feeds: OpmlFeed[],
  cutFromFile: number,
  bytesRead: number,
  now: Date,
): StartedImport {
  const format = FORMAT_LABELS.opml;
  const run = async (): Promise<ImportSummary> => {
    const { unreadable, ...counts } = await subscribeToOpmlFeeds(user.id, feeds, cutFromFile, now);
    return {
      done: true,
      format,
      bytesRead,
      processed: feeds.length + cutFromFile,
      imported: counts.subscribed,
      skipped: counts.alreadySubscribed,
      errors: unreadable,
      problems: [],
      error: null,
      feeds: counts,
    };
  };
  return { format, run };
}

/**
 * Reads the upload `chunks` up to its first batch of records: a file we cannot read at all, or one
 * that breaks a limit before its first batch, is an ImportFileError (ImportLimitError) before
 * anything is stored. `run` then imports it for the user, reporting progress after each batch; a bad
 * row is counted and listed, never fatal; a limit broken later ends the import with what was read.
 */
export async function startImport(
  user: Pick<User, "id">,
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  now = new Date(),
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<StartedImport> {
  const progress: ImportProgress = { bytesRead: 0, processed: 0, imported: 0, skipped: 0, errors: 0 };
  const counted = (async function* () {
    for await (const chunk of chunks) {
      progress.bytesRead += chunk.length;
      if (progress.bytesRead > limits.maxUploadBytes) throw new ImportTooLargeError();
      yield chunk;
    }
  })();
  const source = await openImport(counted, fileName, limits);
  if (source.format === "opml") return feedImport(user, source.feeds, source.cut, progress.bytesRead, now);
  const first = await source.records.next();
  const records = (async function* () {
    if (first.done) return;
    yield first.value;
    yield* source.records;
  })();
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
      for await (const recordBatch of records) {
        for (const record of recordBatch) {
          if (progress.processed >= limits.maxRecords)
            throw new ImportLimitError(
              `The file holds more than ${count(limits.maxRecords)} links; that is the limit for one import. Split it.`,
              413,
            );
          progress.processed += 1;
          if (progress.processed % RECORDS_PER_TURN === 0) await nextTurn();
          const result = toLinkRow(record, cap, now);
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
