import type { TransformCallback } from "node:stream";
import { CsvError, Parser, type Options } from "csv-parse";
import { parse as parseAll } from "csv-parse/sync";
import { ImportLimitError } from "@/lib/import/errors";
import { fieldTooLong, IMPORT_LIMITS, type ImportLimits } from "@/lib/import/limits";

// CSV records, read by csv-parse as text arrives in chunks of any size; each record comes out with
// the line it started on. Beyond RFC 4180 it takes what real exports do: LF, CRLF or CR line ends
// (mixed too), a leading byte-order mark, a quote inside an unquoted field or text after a closing
// one, rows of differing lengths, blank lines (skipped) and a quote never closed (its field runs to
// the end of the file). A row longer than maxFieldChars stops the reading (a quote left open
// swallows the rest of the file): the records completed before it come out first, the next call
// throws. docs/decisions/0311-libraries-for-addresses-csv-entities.md says how the limit is held.

export type CsvRecord = { line: number; fields: string[] };

export type CsvTokenizer = {
  /** Feeds more text; returns the records completed by it. */
  push(text: string): CsvRecord[];
  /** Ends the input; returns the last record when the text did not end with a line break. */
  end(): CsvRecord[];
};

const OPTIONS: Options = {
  // The record delimiters are fixed: left to itself, csv-parse keeps the first one it meets.
  record_delimiter: ["\r\n", "\n", "\r"],
  relax_quotes: true,
  relax_column_count: true,
};

const LINE_BREAKS = /\r\n?|\n/g;

/** The line breaks inside a record's quoted fields: a CR, an LF or a CRLF counts as one. */
function lineBreaks(fields: readonly string[]): number {
  let breaks = 0;
  for (const field of fields) breaks += field.match(LINE_BREAKS)?.length ?? 0;
  return breaks;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Runs one step of the parser (its transform or flush) now: the records come out before this
 * returns, where writing to its stream would hand them and any error over on later ticks.
 */
function step(run: (done: TransformCallback) => void): void {
  const result: { error?: Error | null } = {};
  run((error) => {
    result.error = error;
  });
  if (result.error) throw result.error;
}

function isFields(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((field) => typeof field === "string");
}

/**
 * csv-parse's parser, its records handed over as they are made instead of queued in its stream
 * (with `on_record` it would copy its counters into a new object for each record, a third of the
 * reading time).
 */
class RecordParser extends Parser {
  private readonly onRecord: (fields: string[], end: number) => void;

  constructor(maxRecordSize: number, onRecord: (fields: string[], end: number) => void) {
    super({ ...OPTIONS, bom: true, max_record_size: maxRecordSize });
    this.onRecord = onRecord;
  }

  override push(record: unknown): boolean {
    if (!isFields(record)) return true;
    // `info.bytes` is where this record ends, its line break included.
    this.onRecord(record, this.info.bytes);
    // Rows of any length are welcome, but csv-parse builds an error object (a stack trace and JSON
    // copies of its state) for each row whose length differs from the first it counted, even with
    // relax_column_count: ~40 µs a row, a minute for a million short rows. Each row is its first.
    Reflect.set(this.info, "records", 0);
    return true;
  }
}

export function createCsvTokenizer(limits: Pick<ImportLimits, "maxFieldChars"> = IMPORT_LIMITS): CsvTokenizer {
  let out: CsvRecord[] = [];
  /** The line the next record starts on. */
  let line = 1;
  /** Bytes given to the parser, and the offset (in them) where the last record read ended. */
  let fed = 0;
  let recordEnd = 0;
  /** The bytes given from `pendingStart` on: they hold the record being read. */
  let pending: Buffer[] = [];
  let pendingStart = 0;
  /** A high surrogate cut from its pair by the end of a chunk, held for the next one. */
  let carry = "";
  let failure: ImportLimitError | null = null;

  function take(fields: string[]): void {
    // csv-parse gives a blank line as one empty field; so is a line holding only "".
    if (!(fields.length === 1 && fields[0] === "")) out.push({ line, fields });
    line += 1 + lineBreaks(fields);
  }

  const parser = new RecordParser(limits.maxFieldChars, (fields, end) => {
    take(fields);
    recordEnd = end;
  });

  function tooLong(error: unknown): unknown {
    return error instanceof CsvError && error.code === "CSV_MAX_RECORD_SIZE"
      ? fieldTooLong(`Line ${line}`, limits)
      : error;
  }

  function feed(bytes: Buffer): void {
    fed += bytes.length;
    pending.push(bytes);
    try {
      step((done) => parser._transform(bytes, "utf8", done));
    } catch (error) {
      throw tooLong(error);
    }
    while (pending[0] && pendingStart + pending[0].length <= recordEnd) {
      pendingStart += pending[0].length;
      pending = pending.slice(1);
    }
    // csv-parse counts the characters of fields only: a row of separators is held here.
    if (fed - recordEnd > limits.maxFieldChars) throw fieldTooLong(`Line ${line}`, limits);
  }

  function finish(): void {
    if (carry !== "") feed(Buffer.from(carry));
    carry = "";
    try {
      step((done) => parser._flush(done));
    } catch (error) {
      if (!(error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED")) throw error;
      // The record read again with its quote closed at the end of the file.
      const rest = Buffer.concat(pending).subarray(recordEnd - pendingStart);
      const records = parseAll(Buffer.concat([rest, Buffer.from('"')]), { ...OPTIONS, bom: recordEnd === 0 });
      for (const fields of records) take(fields);
    }
  }

  /** The records completed; a limit broken on the way is thrown now when there are none, else by the next call. */
  function guarded(work: () => void): CsvRecord[] {
    if (failure) throw failure;
    out = [];
    try {
      work();
    } catch (error) {
      if (!(error instanceof ImportLimitError)) throw error;
      failure = error;
      if (out.length === 0) throw error;
    }
    return out;
  }

  return {
    push: (text) =>
      guarded(() => {
        let whole = carry + text;
        carry = "";
        if (isHighSurrogate(whole.charCodeAt(whole.length - 1))) {
          carry = whole.slice(-1);
          whole = whole.slice(0, -1);
        }
        if (whole !== "") feed(Buffer.from(whole));
      }),
    end: () => guarded(finish),
  };
}

/** Every record of a complete text (tests and small files). */
export function parseCsv(text: string): CsvRecord[] {
  const tokenizer = createCsvTokenizer();
  return [...tokenizer.push(text), ...tokenizer.end()];
}

/** One CSV field, quoted when it holds a comma, quote, line break or leading/trailing space. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
