import { ImportFileError, ImportLimitError } from "@/lib/import/errors";
import { count, fieldTooLong, IMPORT_LIMITS, megabytes, type ImportLimits } from "@/lib/import/limits";

// A streaming JSON reader for LinkStash's JSON export: text is pushed in chunks of any size and the
// entries of the links array come out as each one closes, so memory holds one entry, not the
// document. The links array is the document itself when it is an array, else its "links" member;
// everything outside it is checked as JSON but not kept. Strings and numbers longer than
// maxFieldChars, nesting deeper than maxJsonDepth and an entry longer than maxJsonEntryChars stop
// the reading: the entries completed before come out first, the next call throws.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type JsonEntryReader = {
  push(text: string): JsonValue[];
  /** The last entries; throws when the text is not a whole JSON document holding a links array. */
  end(): JsonValue[];
};

export const NOT_A_LINKSTASH_EXPORT = "This JSON file is not a LinkStash export.";

type Frame = {
  kind: "object" | "array";
  /** The links array itself: each of its values is an entry. */
  entries: boolean;
  /** The container being built (inside an entry), or null when the values are only checked. */
  value: JsonValue[] | { [key: string]: JsonValue } | null;
  /** An object's member name waiting for its value. */
  key: string | null;
};

type Expect = "value" | "valueOrEnd" | "key" | "keyOrEnd" | "colon" | "commaOrEnd" | "done";

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const LITERALS: Record<string, JsonValue> = { true: true, false: false, null: null };
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const isWhitespace = (ch: string) => ch === " " || ch === "\n" || ch === "\r" || ch === "\t";
const isLiteralChar = (ch: string) => /[0-9a-zA-Z+\-.]/.test(ch);

export function createJsonEntryReader(
  limits: Pick<ImportLimits, "maxFieldChars" | "maxJsonDepth" | "maxJsonEntryChars"> = IMPORT_LIMITS,
): JsonEntryReader {
  const stack: Frame[] = [];
  let expect: Expect = "value";
  let line = 1;
  let sawEntries = false;
  let failure: ImportFileError | null = null;

  // The string or literal being read (strings may span chunks).
  let inString = false;
  let stringIsKey = false;
  let text = "";
  /** After a backslash: "\\" for the escape letter, "u" plus the hex digits read so far. */
  let escape: string | null = null;
  let literal: string | null = null;

  /** Characters read since the current entry started (-1 between entries). */
  let entryChars = -1;
  let entryNumber = 0;

  const syntaxError = () => new ImportFileError(`${NOT_A_LINKSTASH_EXPORT} It is not valid JSON at line ${line}.`);

  function afterValue(): void {
    expect = stack.length === 0 ? "done" : "commaOrEnd";
  }

  /** A scalar or container that has ended, with its value when it was built. */
  function complete(value: JsonValue | undefined, out: JsonValue[]): void {
    const top = stack.at(-1);
    if (top?.entries) {
      out.push(value ?? null);
      entryChars = -1;
    } else if (top?.value && value !== undefined) {
      if (Array.isArray(top.value)) top.value.push(value);
      // A "__proto__" member would set the object's prototype; no LinkStash field has that name.
      else if (top.key !== null && top.key !== "__proto__") top.value[top.key] = value;
    }
    afterValue();
  }

  /** Whether a value starting now is kept (it is an entry or inside one). */
  function building(): boolean {
    const top = stack.at(-1);
    return top !== undefined && (top.entries || top.value !== null);
  }

  function startValue(): void {
    const top = stack.at(-1);
    if (top?.entries) {
      entryChars = 0;
      entryNumber += 1;
    }
    // The root object's "links" member must be the array of entries.
    if (top && stack.length === 1 && top.kind === "object" && top.key === "links") sawEntries = true;
  }

  function open(kind: "object" | "array"): void {
    if (stack.length >= limits.maxJsonDepth)
      throw new ImportLimitError(
        `The JSON file nests more than ${count(limits.maxJsonDepth)} levels deep (line ${line}); that is the limit.`,
        422,
      );
    const top = stack.at(-1);
    const keep = building();
    startValue();
    const isRootArray = top === undefined && kind === "array";
    const isLinks = top !== undefined && stack.length === 1 && top.kind === "object" && top.key === "links";
    if (isLinks && kind !== "array") throw new ImportFileError(NOT_A_LINKSTASH_EXPORT);
    if (isRootArray) sawEntries = true;
    stack.push({
      kind,
      entries: isRootArray || isLinks,
      value: keep ? (kind === "array" ? [] : {}) : null,
      key: null,
    });
    expect = kind === "array" ? "valueOrEnd" : "keyOrEnd";
  }

  function close(kind: "object" | "array", out: JsonValue[]): void {
    const frame = stack.pop();
    if (!frame || frame.kind !== kind) throw syntaxError();
    if (frame.entries) afterValue();
    else complete(frame.value ?? undefined, out);
  }

  function scalar(value: JsonValue, out: JsonValue[]): void {
    const top = stack.at(-1);
    if (top && stack.length === 1 && top.kind === "object" && top.key === "links")
      throw new ImportFileError(NOT_A_LINKSTASH_EXPORT);
    const keep = building();
    startValue();
    complete(keep ? value : undefined, out);
  }

  function endLiteral(out: JsonValue[]): void {
    const token = literal ?? "";
    literal = null;
    if (token in LITERALS) scalar(LITERALS[token] ?? null, out);
    else if (NUMBER.test(token)) scalar(Number(token), out);
    else throw syntaxError();
  }

  function endString(out: JsonValue[]): void {
    inString = false;
    const value = text;
    text = "";
    if (stringIsKey) {
      const top = stack.at(-1);
      if (top) top.key = value;
      expect = "colon";
    } else scalar(value, out);
  }

  function appendText(value: string): void {
    if (text.length + value.length > limits.maxFieldChars) throw fieldTooLong(`The value at line ${line}`, limits);
    text += value;
  }

  /** Reads one chunk; returns the index where it stopped inside a string (the chunk's end otherwise). */
  function readString(chunk: string, from: number, out: JsonValue[]): number {
    let runStart = from;
    for (let i = from; i < chunk.length; i += 1) {
      const ch = chunk.charAt(i);
      if (escape !== null) {
        if (escape === "") {
          if (ch === "u") escape = "u";
          else if (ch in ESCAPES) {
            appendText(ESCAPES[ch] ?? "");
            escape = null;
          } else throw syntaxError();
        } else {
          if (!/[0-9a-fA-F]/.test(ch)) throw syntaxError();
          escape += ch;
          if (escape.length === 5) {
            appendText(String.fromCharCode(Number.parseInt(escape.slice(1), 16)));
            escape = null;
          }
        }
        runStart = i + 1;
      } else if (ch === '"') {
        appendText(chunk.slice(runStart, i));
        endString(out);
        return i + 1;
      } else if (ch === "\\") {
        appendText(chunk.slice(runStart, i));
        escape = "";
        runStart = i + 1;
      } else if (ch < " ") {
        throw syntaxError();
      }
    }
    appendText(chunk.slice(runStart));
    return chunk.length;
  }

  function step(ch: string, out: JsonValue[]): void {
    if (literal !== null) {
      if (isLiteralChar(ch)) {
        if (literal.length >= limits.maxFieldChars) throw fieldTooLong(`The value at line ${line}`, limits);
        literal += ch;
        return;
      }
      endLiteral(out);
    }
    if (isWhitespace(ch)) return;
    switch (expect) {
      case "value":
      case "valueOrEnd":
        if (ch === "]" && expect === "valueOrEnd") close("array", out);
        else if (ch === "{") open("object");
        else if (ch === "[") open("array");
        else if (ch === '"') {
          inString = true;
          stringIsKey = false;
        } else if (isLiteralChar(ch)) literal = ch;
        else throw syntaxError();
        return;
      case "key":
      case "keyOrEnd":
        if (ch === "}" && expect === "keyOrEnd") close("object", out);
        else if (ch === '"') {
          inString = true;
          stringIsKey = true;
        } else throw syntaxError();
        return;
      case "colon":
        if (ch !== ":") throw syntaxError();
        expect = "value";
        return;
      case "commaOrEnd": {
        const kind = stack.at(-1)?.kind;
        if (ch === ",") expect = kind === "object" ? "key" : "value";
        else if (ch === "}" && kind === "object") close("object", out);
        else if (ch === "]" && kind === "array") close("array", out);
        else throw syntaxError();
        return;
      }
      case "done":
        throw syntaxError();
    }
  }

  function countEntry(chars: number): void {
    if (entryChars < 0) return;
    entryChars += chars;
    if (entryChars > limits.maxJsonEntryChars)
      throw new ImportLimitError(
        `Link ${count(entryNumber)} of the JSON file is longer than ${megabytes(limits.maxJsonEntryChars)}; that is the limit for one link.`,
        422,
      );
  }

  function read(chunk: string, out: JsonValue[]): void {
    let i = 0;
    while (i < chunk.length) {
      if (inString) {
        const stop = readString(chunk, i, out);
        countEntry(stop - i);
        i = stop;
        continue;
      }
      const ch = chunk.charAt(i);
      if (ch === "\n") line += 1;
      // An entry's first character is counted once it has started.
      const inEntry = entryChars >= 0;
      step(ch, out);
      if (inEntry || entryChars >= 0) countEntry(1);
      i += 1;
    }
  }

  /**
   * The entries completed; an error on the way is thrown now when there are none (or no next call
   * will come), else kept for the next call, after those entries.
   */
  function guarded(work: (out: JsonValue[]) => void, final: boolean): JsonValue[] {
    if (failure) throw failure;
    const out: JsonValue[] = [];
    try {
      work(out);
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error;
      failure = error;
      if (final || out.length === 0) throw error;
    }
    return out;
  }

  return {
    push: (chunk) => guarded((out) => read(chunk, out), false),
    end: () =>
      guarded((out) => {
        if (literal !== null) endLiteral(out);
        if (inString || expect !== "done") throw syntaxError();
        if (!sawEntries) throw new ImportFileError(NOT_A_LINKSTASH_EXPORT);
      }, true),
  };
}
