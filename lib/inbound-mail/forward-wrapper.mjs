// The wrapper a mail client puts around a forwarded mail (decision 0380): the forwarder's note, a
// marker ("---------- Forwarded message ---------", "Begin forwarded message:", "-----Original
// Message-----", a rule of underscores) and the forwarded mail's header lines (From:, Date: or Sent:,
// Subject:, To:), or Outlook's header block alone. A saved newsletter starts after it. Read line by
// line (decision 0349): each line is looked at a bounded number of times, with no pattern.
import { Parser } from "htmlparser2";
import { holdsAt, isSpace, pattern } from "./mail-scan.mjs";

/** @type {(code: number) => boolean} */
const isLetter = (code) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/**
 * Whether `line` is two or more dashes, `words` (an optional space each side), two or more dashes.
 * @param {string} line
 * @param {string} words
 * @returns {boolean}
 */
export function dashed(line, words) {
  let start = 0;
  while (line[start] === "-") start += 1;
  let end = line.length;
  while (end > start && line[end - 1] === "-") end -= 1;
  if (start < 2 || line.length - end < 2) return false;
  const inner = line.slice(start + (line[start] === " " ? 1 : 0), end - (line[end - 1] === " " ? 1 : 0));
  return inner === words;
}

/**
 * A forwarded mail's marker line; `line` is trimmed and lower-cased.
 * @param {string} line
 * @returns {boolean}
 */
export function isForwardHeader(line) {
  return (
    dashed(line, "forwarded message") ||
    line === "begin forwarded message:" ||
    dashed(line, "weitergeleitete nachricht") ||
    line === "anfang der weitergeleiteten nachricht:"
  );
}

// The labels of a forwarded mail's header lines, in the languages the other mail rules read.
const FROM = new Set(["from", "von", "de"]);
const SENT = new Set(["sent", "date", "gesendet", "datum", "envoyé", "envoye"]);
const SUBJECT = new Set(["subject", "betreff", "objet"]);
const OTHER = new Set(["to", "cc", "bcc", "reply-to", "an", "à", "a", "antwort an", "répondre à"]);
/** The longest label above, with the `*` Gmail's text writes around bold ones. */
const MAX_LABEL = 14;

/**
 * The label of a header line ("From: …", "*Sent:* …"), lower case, or null; `line` trimmed, lower case.
 * @param {string} line
 * @returns {string | null}
 */
export function headerLabel(line) {
  const start = line[0] === "*" ? 1 : 0;
  const colon = line.indexOf(":", start);
  if (colon < 0 || colon - start > MAX_LABEL) return null;
  const label = line.slice(start, colon).trim();
  return FROM.has(label) || SENT.has(label) || SUBJECT.has(label) || OTHER.has(label) ? label : null;
}

/**
 * Outlook's header block with no marker above it: a From: line, then Sent: (or Date:) and Subject:.
 * @param {ReadonlyArray<string>} lines
 * @param {number} index
 */
function isOutlookHeader(lines, index) {
  if (!FROM.has(headerLabel(lines[index] ?? "") ?? "")) return false;
  let sent = false;
  let subject = false;
  for (let i = index + 1; i < Math.min(lines.length, index + 8); i += 1) {
    const label = headerLabel(lines[i] ?? "");
    if (label === null) continue;
    sent ||= SENT.has(label);
    subject ||= SUBJECT.has(label);
  }
  return sent && subject;
}

/**
 * Whether `line` is only underscores, ten or more: the rule Outlook's text puts above its header.
 * @param {string} line
 */
function isRule(line) {
  if (line.length < 10) return false;
  for (const character of line) if (character !== "_") return false;
  return true;
}

/**
 * Where a wrapper's header starts at `lines[index]` (the line after a marker, or the line itself), or -1.
 * @param {ReadonlyArray<string>} lines
 * @param {number} index
 * @returns {number}
 */
export function headerStart(lines, index) {
  const line = lines[index] ?? "";
  if (isForwardHeader(line) || dashed(line, "original message")) return index + 1;
  if (isRule(line) && index + 1 < lines.length && FROM.has(headerLabel(lines[index + 1] ?? "") ?? "")) return index + 1;
  return isOutlookHeader(lines, index) ? index : -1;
}

/**
 * The most lines a note above a forward takes: further down, a header block is a mail the newsletter
 * quotes, not a wrapper around it.
 */
const MAX_NOTE_LINES = 60;
/** The most lines a forwarded header takes, its values wrapped over lines included. */
const MAX_HEADER_LINES = 20;

/**
 * The forward wrapper in `lines` (trimmed and lower-cased): where it starts (the note ends there),
 * the lines of its header, and where the forwarded mail begins; null when there is none, or when its
 * header has no From: line.
 * @param {ReadonlyArray<string>} lines
 * @returns {{ start: number; header: [number, number]; body: number } | null}
 */
export function findWrapper(lines) {
  for (let index = 0; index < Math.min(lines.length, MAX_NOTE_LINES + 1); index += 1) {
    const first = headerStart(lines, index);
    if (first < 0) continue;
    let last = first - 1;
    let from = false;
    let subject = false;
    for (let i = first; i < Math.min(lines.length, first + MAX_HEADER_LINES); i += 1) {
      const line = lines[i] ?? "";
      if (line === "") continue;
      const label = headerLabel(line);
      // A line without a label before the Subject: goes on the value above (a long To: list).
      if (label === null && (subject || last < first)) break;
      from ||= label !== null && FROM.has(label);
      subject ||= label !== null && SUBJECT.has(label);
      last = i;
    }
    return from ? { start: index, header: [first, last + 1], body: last + 1 } : null;
  }
  return null;
}

const LINE_BREAK = pattern("\\r\\n?", "g");

/** The most lines read for a wrapper: the note's, the marker, the header and Outlook's look-ahead. */
const MAX_READ_LINES = MAX_NOTE_LINES + MAX_HEADER_LINES + 10;

/**
 * A plain-text forward unwrapped: the note above it, its header lines, and the forwarded text; or null.
 * @param {string | null} text
 * @returns {{ note: string; header: string[]; text: string } | null}
 */
export function unwrapText(text) {
  if (!text) return null;
  const whole = text.replace(LINE_BREAK, "\n");
  // Only the first lines can hold a wrapper: the rest is sliced off whole, never split.
  /** @type {string[]} */
  const raw = [];
  /** @type {number[]} */
  const starts = [];
  for (let at = 0; at <= whole.length && raw.length < MAX_READ_LINES;) {
    const end = whole.indexOf("\n", at);
    starts.push(at);
    raw.push(whole.slice(at, end < 0 ? whole.length : end));
    at = end < 0 ? whole.length + 1 : end + 1;
  }
  const wrapper = findWrapper(raw.map((line) => line.trim().toLowerCase()));
  if (!wrapper) return null;
  const bodyStart = starts[wrapper.body];
  return {
    note: raw.slice(0, wrapper.start).join("\n"),
    header: raw.slice(wrapper.header[0], wrapper.header[1]),
    text: bodyStart === undefined ? "" : whole.slice(bodyStart).trim(),
  };
}

// Elements that end a line of the text a mail client shows, and those whose text it never shows.
const LINE_TAGS = new Set(
  "address article blockquote br dd div dl dt footer h1 h2 h3 h4 h5 h6 header hr li ol p pre section table td th tr ul".split(
    " ",
  ),
);
const UNSHOWN_TAGS = new Set(["head", "script", "style", "title", "template"]);
const SPACE_RUN = pattern("\\s+", "g");

/**
 * The first MAX_READ_LINES lines of text `html` shows (lines without text, which line tags side by
 * side leave, are not lines a reader sees), each with where its last text ends in `html`.
 * @param {string} html
 */
function htmlLines(html) {
  /** @type {{ text: string; end: number }[]} */
  const lines = [];
  let text = "";
  let end = 0;
  let unshown = 0;
  const endLine = () => {
    const shown = text.replace(SPACE_RUN, " ").trim();
    text = "";
    if (shown === "") return;
    lines.push({ text: shown, end });
    // Only the first lines can hold a wrapper: the tokenizer stops once they are read.
    if (lines.length >= MAX_READ_LINES) parser.pause();
  };
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (UNSHOWN_TAGS.has(name)) unshown += 1;
        if (LINE_TAGS.has(name)) endLine();
      },
      onclosetag: (name) => {
        if (UNSHOWN_TAGS.has(name)) unshown = Math.max(0, unshown - 1);
        if (LINE_TAGS.has(name)) endLine();
      },
      ontext: (chunk) => {
        if (unshown > 0) return;
        text += chunk;
        end = parser.endIndex + 1;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  if (lines.length < MAX_READ_LINES) {
    parser.end();
    endLine();
  }
  return lines;
}

/**
 * An HTML forward unwrapped: the text of the note above it, its header lines, and the HTML from just
 * after its header (tags the cut leaves unopened are dropped by the sanitiser); or null.
 * @param {string | null} html
 * @returns {{ note: string; header: string[]; html: string } | null}
 */
export function unwrapHtml(html) {
  if (!html) return null;
  const lines = htmlLines(html);
  const wrapper = findWrapper(lines.map((line) => line.text.toLowerCase()));
  // The header's last line: none when the forwarded mail begins at the first line.
  const headerEnd = wrapper && lines[wrapper.body - 1];
  if (!wrapper || !headerEnd) return null;
  return {
    note: lines
      .slice(0, wrapper.start)
      .map((line) => line.text)
      .join("\n"),
    header: lines.slice(wrapper.header[0], wrapper.header[1]).map((line) => line.text),
    html: html.slice(afterBreaks(html, headerEnd.end)),
  };
}

/**
 * Where `html` goes on after the line breaks, closing tags and spaces that follow `at`.
 * @param {string} html
 * @param {number} at
 */
function afterBreaks(html, at) {
  let i = at;
  for (;;) {
    while (i < html.length && isSpace(html.charCodeAt(i))) i += 1;
    const isBreak = holdsAt(html, i, "<br") && !isLetter(html.charCodeAt(i + 3));
    if (!isBreak && !holdsAt(html, i, "</")) return i;
    const close = html.indexOf(">", i);
    if (close < 0) return i;
    i = close + 1;
  }
}
