import { ImportLimitError } from "@/lib/import/errors";
import { fieldTooLong, IMPORT_LIMITS, type ImportLimits } from "@/lib/import/limits";

// A streaming CSV tokenizer (RFC 4180 plus what real exports do): quoted fields with commas, doubled
// quotes and line breaks inside, CRLF or LF line ends, a leading byte-order mark. Text is pushed in
// chunks of any size; complete records come out with the line they started on. A row longer than
// maxFieldChars (a quote left open swallows the rest of the file) stops the reading: the records
// completed before it come out first, the next call throws.

export type CsvRecord = { line: number; fields: string[] };

export type CsvTokenizer = {
  /** Feeds more text; returns the records completed by it. */
  push(text: string): CsvRecord[];
  /** Ends the input; returns the last record when the text did not end with a line break. */
  end(): CsvRecord[];
};

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export function createCsvTokenizer(limits: Pick<ImportLimits, "maxFieldChars"> = IMPORT_LIMITS): CsvTokenizer {
  let field = "";
  let fields: string[] = [];
  let inQuotes = false;
  /** A quote seen inside a quoted field: either the end of the quotes or the first of a doubled pair. */
  let quotePending = false;
  let line = 1;
  let recordLine = 1;
  let started = false;
  let atStart = true;
  let lastWasCr = false;
  /** Characters of the record being read, fields and separators. */
  let recordChars = 0;
  let failure: ImportLimitError | null = null;

  function grow(chars: number): void {
    recordChars += chars;
    if (recordChars > limits.maxFieldChars) throw fieldTooLong(`Line ${recordLine}`, limits);
  }

  function append(text: string): void {
    grow(text.length);
    field += text;
  }

  function finishRecord(out: CsvRecord[]): void {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === "")) out.push({ line: recordLine, fields });
    field = "";
    fields = [];
    started = false;
    recordChars = 0;
  }

  /** Line breaks inside a quoted field: a CR, an LF, or a CRLF count as one each. */
  function countLines(run: string): void {
    for (let j = 0; j < run.length; j += 1) {
      const ch = run.charCodeAt(j);
      if (ch === CR || (ch === LF && !lastWasCr)) line += 1;
      lastWasCr = ch === CR;
    }
  }

  function read(text: string, out: CsvRecord[]): void {
    let i = 0;
    if (atStart && text.length > 0) {
      atStart = false;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    while (i < text.length) {
      if (quotePending) {
        quotePending = false;
        if (text.charCodeAt(i) === QUOTE) {
          append('"');
          i += 1;
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        // Everything up to the next quote belongs to the field.
        const quote = text.indexOf('"', i);
        const stop = quote === -1 ? text.length : quote;
        const run = text.slice(i, stop);
        countLines(run);
        // A CR that ends a quoted field is not the start of a CRLF: the closing quote comes between.
        if (quote !== -1) lastWasCr = false;
        append(run);
        quotePending = quote !== -1;
        i = quote === -1 ? stop : stop + 1;
        continue;
      }
      if (!started) {
        started = true;
        recordLine = line;
      }
      const ch = text.charCodeAt(i);
      i += 1;
      if (ch === QUOTE && field === "") {
        inQuotes = true;
      } else if (ch === COMMA) {
        grow(1);
        fields.push(field);
        field = "";
      } else if (ch === LF) {
        if (lastWasCr) {
          // The LF of a CRLF: the record already ended at the CR.
          lastWasCr = false;
          started = false;
          continue;
        }
        line += 1;
        finishRecord(out);
      } else if (ch === CR) {
        line += 1;
        finishRecord(out);
        lastWasCr = true;
        continue;
      } else {
        // An unquoted run up to the next separator or line end.
        let stop = i;
        for (let c = text.charCodeAt(stop); stop < text.length && c !== COMMA && c !== LF && c !== CR;) {
          stop += 1;
          c = text.charCodeAt(stop);
        }
        append(text.slice(i - 1, stop));
        i = stop;
      }
      lastWasCr = false;
    }
  }

  /** The records completed; a limit broken on the way is thrown now when there are none, else by the next call. */
  // end() cannot break a limit: it only closes the record already read.
  function guarded(work: (out: CsvRecord[]) => void): CsvRecord[] {
    if (failure) throw failure;
    const out: CsvRecord[] = [];
    try {
      work(out);
    } catch (error) {
      if (!(error instanceof ImportLimitError)) throw error;
      failure = error;
      if (out.length === 0) throw error;
    }
    return out;
  }

  return {
    push: (text) => guarded((out) => read(text, out)),
    end: () =>
      guarded((out) => {
        if (started && (field !== "" || fields.length > 0 || inQuotes || quotePending)) finishRecord(out);
      }),
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
