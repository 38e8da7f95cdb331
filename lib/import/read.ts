import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createCsvTokenizer, type CsvRecord } from "@/lib/import/csv";
import {
  csvKind,
  detectKind,
  UNKNOWN_FORMAT_MESSAGE,
  type ImportFormatName,
  type ImportKind,
} from "@/lib/import/detect";
import { ImportFileError, ImportLimitError } from "@/lib/import/errors";
import { createJsonEntryReader } from "@/lib/import/json-stream";
import { megabytes, type ImportLimits } from "@/lib/import/limits";
import { linkstashJsonRecord } from "@/lib/import/linkstash";
import { createNetscapeReader } from "@/lib/import/netscape";
import type { CsvMapper } from "@/lib/import/pocket";
import type { ImportRecord } from "@/lib/import/record";
import { spoolToTempFile } from "@/lib/import/spool";
import { openZip, type ZipArchive } from "@/lib/import/zip";
import { decodeBody } from "@/lib/subscriptions/decode-body";
import { readOpml, type OpmlFeed } from "@/lib/subscriptions/opml";

// Reads an uploaded export as a stream of record batches, in bounded memory whatever the file: CSV,
// bookmark HTML and JSON are tokenized chunk by chunk as they arrive (one batch per chunk); a ZIP
// (its directory is at the end) is written to a temporary file first and its entries inflated as
// streams. The readers hold each other to `limits` (lib/import/limits.ts). An OPML list of feeds
// is no links at all: it is read whole (it is small) and handed back as its feeds.

export type ImportSource =
  | {
      format: Exclude<ImportFormatName, "opml">;
      /** Record batches in file order. */
      records: AsyncGenerator<ImportRecord[]>;
    }
  | {
      format: "opml";
      feeds: OpmlFeed[];
      /** Feeds past the file's limit, left unread. */
      cut: number;
    };

export const NOT_OPML_MESSAGE =
  "This file is not an OPML list of feeds: it has no <opml> element. Export the list again from your feed reader.";
export const NO_FEEDS_MESSAGE = "This OPML file lists no feed addresses (http or https) to subscribe to.";

/** The number of bytes read ahead to tell the format. */
const HEAD_BYTES = 8192;

/** Records of a tokenizer fed with every text chunk, then ended. */
async function* tokenized<T>(
  texts: AsyncIterable<string>,
  reader: { push(text: string): T[]; end(): T[] },
): AsyncGenerator<T[]> {
  for await (const text of texts) {
    const batch = reader.push(text);
    if (batch.length > 0) yield batch;
  }
  const last = reader.end();
  if (last.length > 0) yield last;
}

async function* csvRecords(
  texts: AsyncIterable<string>,
  fixedKind: ImportKind | null,
  limits: ImportLimits,
): AsyncGenerator<ImportRecord[]> {
  let mapper: CsvMapper | null = null;
  for await (const records of tokenized<CsvRecord>(texts, createCsvTokenizer(limits))) {
    const out: ImportRecord[] = [];
    for (const record of records) {
      if (mapper) {
        out.push(mapper(record));
        continue;
      }
      const kind = fixedKind ?? csvKind(record.fields);
      if (kind?.kind !== "csv") throw new ImportFileError(UNKNOWN_FORMAT_MESSAGE);
      mapper = kind.mapper(record.fields);
    }
    if (out.length > 0) yield out;
  }
}

async function* jsonRecords(texts: AsyncIterable<string>, limits: ImportLimits): AsyncGenerator<ImportRecord[]> {
  let number = 0;
  for await (const entries of tokenized(texts, createJsonEntryReader(limits))) {
    yield entries.map((entry) => {
      number += 1;
      return linkstashJsonRecord(entry, number);
    });
  }
}

/** Text chunks, with a turn of the event loop after each (see RECORDS_PER_TURN in import-links.ts). */
async function* decode(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of chunks) {
    yield decoder.decode(chunk, { stream: true });
    await nextTurn();
  }
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}

/**
 * Reads up to HEAD_BYTES ahead; `chunks` replays them, then the rest of the stream. `skip` ends
 * the stream unread.
 */
async function peek(
  stream: AsyncIterable<Uint8Array>,
): Promise<{ head: Buffer; chunks: AsyncGenerator<Uint8Array>; skip: () => Promise<void> }> {
  const iterator = stream[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    parts.push(next.value);
    length += next.value.length;
  }
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield* parts;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const skip = async () => {
    if (!ended) await iterator.return?.();
  };
  return { head: Buffer.concat(parts), chunks: chunks(), skip };
}

function detect(head: Buffer, fileName: string): ImportKind | null {
  return detectKind(head, new TextDecoder("utf-8").decode(head.subarray(0, HEAD_BYTES)), fileName);
}

/** Pocket's archive: every part_*.csv in order (any CSV or HTML file when there is none). */
function chooseEntries(names: string[]): string[] {
  const parts = names.filter((name) => /(^|\/)part_[^/]*\.csv$/i.test(name)).sort((a, b) => a.localeCompare(b));
  return parts.length > 0 ? parts : names.filter((name) => /\.(csv|html?)$/i.test(name));
}

async function* zipRecords(
  archive: ZipArchive,
  removeFile: () => Promise<void>,
  limits: ImportLimits,
): AsyncGenerator<ImportRecord[]> {
  try {
    for (const entry of archive.entries) {
      const { head, chunks, skip } = await peek(entry.read());
      const kind = detect(head, entry.name);
      if (kind?.kind === "csv") yield* csvRecords(decode(chunks), null, limits);
      else if (kind?.kind === "html") yield* tokenized(decode(chunks), createNetscapeReader(limits));
      else await skip();
    }
  } finally {
    archive.close();
    await removeFile();
  }
}

async function openZipUpload(chunks: AsyncIterable<Uint8Array>, limits: ImportLimits): Promise<ImportSource> {
  const file = await spoolToTempFile(chunks);
  let archive: ZipArchive;
  try {
    archive = await openZip(file.path, chooseEntries, limits);
    if (archive.entries.length === 0) {
      archive.close();
      throw new ImportFileError("The ZIP file holds no CSV or bookmark file to import.");
    }
  } catch (error) {
    await file.remove();
    throw error;
  }
  return { format: "pocket-zip", records: zipRecords(archive, file.remove, limits) };
}

async function openOpmlUpload(chunks: AsyncIterable<Uint8Array>, limits: ImportLimits): Promise<ImportSource> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    length += chunk.length;
    if (length > limits.maxOpmlBytes)
      throw new ImportLimitError(
        `An OPML list of feeds is read up to ${megabytes(limits.maxOpmlBytes)}; this one is larger.`,
        413,
      );
    parts.push(chunk);
  }
  // Its own XML declaration names its character set (some readers write ISO-8859-1).
  const reading = readOpml(decodeBody(Buffer.concat(parts), null));
  if ("error" in reading) throw new ImportFileError(NOT_OPML_MESSAGE);
  if (reading.feeds.length === 0) throw new ImportFileError(NO_FEEDS_MESSAGE);
  return { format: "opml", feeds: reading.feeds, cut: reading.cut };
}

/**
 * Reads the start of the upload to tell its format (an ImportFileError when it is none we know),
 * then hands back the records as they are read. A ZIP is read whole (to a temporary file) here.
 */
export async function openImport(
  upload: AsyncIterable<Uint8Array>,
  fileName: string,
  limits: ImportLimits,
): Promise<ImportSource> {
  const { head, chunks } = await peek(upload);
  if (head.length === 0) throw new ImportFileError("The file is empty.");
  const kind = detect(head, fileName);
  if (!kind) throw new ImportFileError(UNKNOWN_FORMAT_MESSAGE);
  switch (kind.kind) {
    case "zip":
      return openZipUpload(chunks, limits);
    case "json":
      return { format: "linkstash-json", records: jsonRecords(decode(chunks), limits) };
    case "html":
      return { format: "netscape", records: tokenized(decode(chunks), createNetscapeReader(limits)) };
    case "csv":
      return { format: kind.format, records: csvRecords(decode(chunks), kind, limits) };
    case "opml":
      return openOpmlUpload(chunks, limits);
  }
}
