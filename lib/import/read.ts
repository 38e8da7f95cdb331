import { createCsvTokenizer, type CsvRecord } from "@/lib/import/csv";
import { csvKind, detectKind, UNKNOWN_FORMAT_MESSAGE, type ImportFormatName, type ImportKind } from "@/lib/import/detect";
import { parseLinkstashJson } from "@/lib/import/linkstash";
import { createNetscapeReader } from "@/lib/import/netscape";
import type { CsvMapper } from "@/lib/import/pocket";
import type { ImportRecord } from "@/lib/import/record";
import { readZip, ZipError, type ZipEntry } from "@/lib/import/zip";

// Reads an uploaded export as a stream of record batches. CSV and bookmark HTML are read chunk by
// chunk as they arrive; a ZIP (its directory is at the end) and a JSON document are read whole,
// within the upload limit.

export class ImportFileError extends Error {}

export type ImportSource = {
  format: ImportFormatName;
  /** Record batches in file order. */
  records: AsyncGenerator<ImportRecord[]>;
};

/** The number of bytes read ahead to tell the format. */
const HEAD_BYTES = 8192;

async function* csvRecords(texts: AsyncIterable<string>, fixedKind: ImportKind | null): AsyncGenerator<ImportRecord[]> {
  const tokenizer = createCsvTokenizer();
  let mapper: CsvMapper | null = null;
  const map = (records: CsvRecord[]): ImportRecord[] => {
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
    return out;
  };
  for await (const text of texts) {
    const batch = map(tokenizer.push(text));
    if (batch.length > 0) yield batch;
  }
  const last = map(tokenizer.end());
  if (last.length > 0) yield last;
}

async function* htmlRecords(texts: AsyncIterable<string>): AsyncGenerator<ImportRecord[]> {
  const reader = createNetscapeReader();
  for await (const text of texts) {
    const batch = reader.push(text);
    if (batch.length > 0) yield batch;
  }
  const last = reader.end();
  if (last.length > 0) yield last;
}

async function* decode(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Pocket's archive: every part_*.csv in order (any CSV or HTML file when there is none). */
async function* zipRecords(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<ImportRecord[]> {
  let entries: ZipEntry[];
  try {
    entries = readZip(await collect(chunks), maxBytes);
  } catch (error) {
    throw error instanceof ZipError ? new ImportFileError(error.message) : error;
  }
  const files = entries.filter((entry) => !entry.name.endsWith("/"));
  const parts = files.filter((entry) => /(^|\/)part_[^/]*\.csv$/i.test(entry.name)).sort((a, b) => a.name.localeCompare(b.name));
  const chosen = parts.length > 0 ? parts : files.filter((entry) => /\.(csv|html?)$/i.test(entry.name));
  if (chosen.length === 0) throw new ImportFileError("The ZIP file holds no CSV or bookmark file to import.");
  for (const entry of chosen) {
    let text: string;
    try {
      text = new TextDecoder("utf-8").decode(entry.read());
    } catch (error) {
      throw error instanceof ZipError ? new ImportFileError(error.message) : error;
    }
    const bytes = new TextEncoder().encode(text.slice(0, HEAD_BYTES));
    const kind = detectKind(bytes, text.slice(0, HEAD_BYTES), entry.name);
    if (kind?.kind === "csv") yield* csvRecords(once(text), null);
    else if (kind?.kind === "html") yield* htmlRecords(once(text));
  }
}

async function* jsonRecords(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<ImportRecord[]> {
  const records = parseLinkstashJson(new TextDecoder("utf-8").decode(await collect(chunks)));
  if (records === null) throw new ImportFileError("This JSON file is not a LinkStash export.");
  for (let i = 0; i < records.length; i += 1000) yield records.slice(i, i + 1000);
}

/** Replays the bytes read ahead, then the rest of the stream. */
async function* replay(head: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * Reads the start of the upload to tell its format (an ImportFileError when it is none we know),
 * then hands back the records as they are read. `maxBytes` caps what a ZIP entry may inflate to.
 */
export async function openImport(chunks: AsyncIterable<Uint8Array>, fileName: string, maxBytes: number): Promise<ImportSource> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headLength = 0;
  while (headLength < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    headLength += next.value.length;
  }
  if (headLength === 0) throw new ImportFileError("The file is empty.");
  const headBytes = Buffer.concat(head);
  const kind = detectKind(headBytes, new TextDecoder("utf-8").decode(headBytes.subarray(0, HEAD_BYTES)), fileName);
  if (!kind) throw new ImportFileError(UNKNOWN_FORMAT_MESSAGE);
  const stream = replay(head, iterator);
  switch (kind.kind) {
    case "zip":
      return { format: "pocket-zip", records: zipRecords(stream, maxBytes) };
    case "json":
      return { format: "linkstash-json", records: jsonRecords(stream) };
    case "html":
      return { format: "netscape", records: htmlRecords(decode(stream)) };
    case "csv":
      return { format: kind.format, records: csvRecords(decode(stream), kind) };
  }
}
