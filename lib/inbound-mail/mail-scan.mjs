// Text scanning on the mail path (decision 0349). What a mail's content could make a regular
// expression backtrack over (runs of link characters, unclosed tags, long runs of spaces) is read
// by loops that count their steps, each returning the work it did. The patterns left are made by
// `pattern`, which lists them: a test compiles each one for V8's linear-time engine, which refuses
// backreferences, lookarounds and large counted repetitions, and each is anchored, starts with a
// literal, or is one character class repeated, so one attempt's work ends within the run it started on.

/** @type {RegExp[]} */
const patterns = [];

/**
 * Every pattern made by `pattern`, for the test that compiles each for the linear-time engine;
 * only `pattern` adds to it.
 * @type {readonly RegExp[]}
 */
export const MAIL_PATTERNS = patterns;

/**
 * `source` as a RegExp with `flags`, listed in MAIL_PATTERNS.
 * @param {string} source
 * @param {string} [flags]
 * @returns {RegExp}
 */
export function pattern(source, flags = "") {
  const made = new RegExp(source, flags);
  patterns.push(made);
  return made;
}

const SPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);

/**
 * Whether the UTF-16 unit `code` is whitespace as a pattern's \s reads it.
 * @param {number} code
 * @returns {boolean}
 */
export function isSpace(code) {
  return SPACE.has(code) || (code >= 0x2000 && code <= 0x200a);
}

/** @type {(code: number) => number} */
const lower = (code) => (code >= 0x41 && code <= 0x5a ? code + 0x20 : code);

/**
 * Whether `text` holds `word` (lower-case ASCII) at `at`, in any case.
 * @param {string} text
 * @param {number} at
 * @param {string} word
 * @returns {boolean}
 */
export function holdsAt(text, at, word) {
  if (at + word.length > text.length) return false;
  for (let i = 0; i < word.length; i += 1) if (lower(text.charCodeAt(at + i)) !== word.charCodeAt(i)) return false;
  return true;
}

/**
 * The web addresses in `text` as the pattern /https?:\/\/[^stops]+/ (case-insensitive unless
 * `exactCase`) finds them: [start, end) of each, in order, and the characters read (each once).
 * `stops` are the characters an address never holds besides whitespace.
 * @param {string} text
 * @param {string} stops
 * @param {boolean} [exactCase]
 * @returns {{ found: { start: number; end: number }[]; steps: number }}
 */
export function scanAddresses(text, stops, exactCase = false) {
  /** @type {{ start: number; end: number }[]} */
  const found = [];
  let steps = 0;
  let at = 0;
  const starts = (/** @type {number} */ i) =>
    exactCase
      ? text.startsWith("http://", i) || text.startsWith("https://", i)
      : holdsAt(text, i, "http://") || holdsAt(text, i, "https://");
  while (at < text.length) {
    steps += 1;
    if (!starts(at)) {
      at += 1;
      continue;
    }
    const body = at + (text[at + 4] === ":" ? 7 : 8);
    let end = body;
    while (end < text.length && !isSpace(text.charCodeAt(end)) && !stops.includes(text.charAt(end))) {
      end += 1;
      steps += 1;
    }
    if (end > body) found.push({ start: at, end });
    at = Math.max(end, at + 1);
  }
  return { found, steps };
}

/** Elements with no closing tag. */
export const VOID_TAGS = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));

/** @type {(code: number) => boolean} */
export const isLetter = (code) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
/** A character of a tag's or an attribute's name. @type {(code: number) => boolean} */
export const isNameCharacter = (code) => isLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d;

/** Text or an attribute's value as HTML. @param {string} text */
export function escapeHtml(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
