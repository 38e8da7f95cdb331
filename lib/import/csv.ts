// A streaming CSV tokenizer (RFC 4180 plus what real exports do): quoted fields with commas, doubled
// quotes and line breaks inside, CRLF or LF line ends, a leading byte-order mark. Text is pushed in
// chunks of any size; complete records come out with the line they started on.

export type CsvRecord = { line: number; fields: string[] };

export type CsvTokenizer = {
  /** Feeds more text; returns the records completed by it. */
  push(text: string): CsvRecord[];
  /** Ends the input; returns the last record when the text did not end with a line break. */
  end(): CsvRecord[];
};

export function createCsvTokenizer(): CsvTokenizer {
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

  function finishRecord(out: CsvRecord[]): void {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === "")) out.push({ line: recordLine, fields });
    field = "";
    fields = [];
    started = false;
  }

  function push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    let start = 0;
    if (atStart && text.length > 0) {
      atStart = false;
      if (text.charCodeAt(0) === 0xfeff) start = 1;
    }
    for (let i = start; i < text.length; i += 1) {
      const ch = text[i];
      if (quotePending) {
        quotePending = false;
        if (ch === '"') {
          field += '"';
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        if (ch === '"') quotePending = true;
        else {
          if (ch === "\n" && !lastWasCr) line += 1;
          else if (ch === "\r") line += 1;
          lastWasCr = ch === "\r";
          field += ch;
        }
        continue;
      }
      if (!started) {
        started = true;
        recordLine = line;
      }
      if (ch === '"' && field === "") {
        inQuotes = true;
      } else if (ch === ",") {
        fields.push(field);
        field = "";
      } else if (ch === "\n") {
        if (lastWasCr) {
          // The LF of a CRLF: the record already ended at the CR.
          lastWasCr = false;
          started = false;
          continue;
        }
        line += 1;
        finishRecord(out);
      } else if (ch === "\r") {
        line += 1;
        finishRecord(out);
        lastWasCr = true;
        continue;
      } else {
        field += ch;
      }
      lastWasCr = false;
    }
    return out;
  }

  function end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (started && (field !== "" || fields.length > 0 || inQuotes || quotePending)) finishRecord(out);
    return out;
  }

  return { push, end };
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
