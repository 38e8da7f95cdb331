import { ImportLimitError } from "@/lib/import/errors";

// What one import may hold (docs/decisions/0120-import-limits.md). Each is set from the largest
// honest export, with room to spare: Pocket's 50,000-row CSV is about 10 MB, a browser file of
// 100,000 bookmarks about 30 MB and a few dozen folders deep, a LinkStash JSON link at most ~8 KB.
// Reading stays in bounded memory whatever the file; these bound the time and refuse the absurd.

const MB = 1024 * 1024;

export type ImportLimits = {
  /** Bytes of the upload itself. */
  maxUploadBytes: number;
  /** Files in a ZIP archive. */
  maxZipEntries: number;
  /** Bytes the files we read from a ZIP archive unpack to, together. */
  maxUnzippedBytes: number;
  /** Unpacked bytes per packed byte of one ZIP entry... */
  maxCompressionRatio: number;
  /** ...for entries unpacking to more than this (a small file cannot hurt, whatever its ratio). */
  ratioCheckedFromBytes: number;
  /** Characters of one CSV row, one bookmark tag or text, one JSON string or number. */
  maxFieldChars: number;
  /** Nested bookmark folders. */
  maxFolderDepth: number;
  /** Nested JSON arrays and objects (a LinkStash export nests 4 deep). */
  maxJsonDepth: number;
  /** Characters of one link of a JSON export. */
  maxJsonEntryChars: number;
  /** Rows, bookmarks or JSON entries in one import. */
  maxRecords: number;
  /** Bytes of an OPML list of feeds, read whole (1,000 feeds take about 200 KB). */
  maxOpmlBytes: number;
};

export const IMPORT_LIMITS: ImportLimits = {
  maxUploadBytes: 64 * MB,
  maxZipEntries: 1000,
  maxUnzippedBytes: 256 * MB,
  maxCompressionRatio: 100,
  ratioCheckedFromBytes: MB,
  maxFieldChars: MB,
  maxFolderDepth: 100,
  maxJsonDepth: 16,
  maxJsonEntryChars: MB,
  maxRecords: 1_000_000,
  maxOpmlBytes: 8 * MB,
};

export const count = (n: number) => n.toLocaleString("en-US");
export const megabytes = (bytes: number) =>
  bytes >= MB ? `${count(Math.round(bytes / MB))} MB` : `${count(bytes)} bytes`;

/** A CSV row, bookmark tag or text, or JSON value longer than maxFieldChars. */
export function fieldTooLong(where: string, limits: Pick<ImportLimits, "maxFieldChars">): ImportLimitError {
  return new ImportLimitError(
    `${where} is longer than ${megabytes(limits.maxFieldChars)} (the limit for one field or row); is a quote or tag left open?`,
    422,
  );
}
