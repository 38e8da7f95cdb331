// What a mail sent to a save address saves (docs/product.md, "What a mail saves"). Pure: the rules
// read the mail's subject and plain text only; lib/inbound-mail/mail-work.mjs applies them in the
// extractor's child process and lib/inbound-mail/save-mail.ts does the saving. Each rule reads its
// text in time linear in it (decision 0349): line rules are prefix and suffix checks, addresses and
// links are found by scanners that count their steps, and the few patterns left cannot backtrack.
import { dashed, headerStart } from "./forward-wrapper.mjs";
import { holdsAt, isSpace, pattern, scanAddresses } from "./mail-scan.mjs";

/**
 * A mail as the rules read it.
 * @typedef {{ subject: string | null; text: string | null; html: string | null }} MailText
 */
/**
 * What a mail saves: a link (one, or two or three in a short note: the first is saved, the rest of
 * the text is its note); a newsletter or a long mail with links, saved as an item whose reader view
 * is the mail; or nothing, for a mail with no link anywhere.
 * @typedef {{ kind: "link"; url: string; note: string | null } | { kind: "newsletter" } | { kind: "no-link" }} MailKind
 */
/** @typedef {{ address: string; name: string | null }} MailSender */

/** More distinct links than this in what the sender wrote, and the mail is not "a link". */
export const MAX_LINK_MAIL_LINKS = 3;
/** More words than this besides the links, and the mail is not "a link with a note". */
export const MAX_LINK_MAIL_WORDS = 120;

/** What ends a web address in text, besides whitespace. */
const URL_STOPS = "<>\"'`";
// Punctuation that ends a sentence or closes a bracket around a link is not part of it.
const TRAILING_PUNCTUATION = ".,;:!?)]}>'\"*";

/**
 * `text` without the run of TRAILING_PUNCTUATION it ends with.
 * @param {string} text
 */
function withoutTrailingPunctuation(text) {
  let end = text.length;
  while (end > 0 && TRAILING_PUNCTUATION.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/**
 * `text` with each web address in it replaced by a space.
 * @param {string} text
 */
function withoutUrls(text) {
  let kept = "";
  let from = 0;
  for (const { start, end } of scanAddresses(text, URL_STOPS).found) {
    kept += `${text.slice(from, start)} `;
    from = end;
  }
  return kept + text.slice(from);
}

/**
 * The http(s) addresses in `text`, in order, each once, without the punctuation that follows them.
 * @param {string} text
 * @returns {string[]}
 */
export function findUrls(text) {
  /** @type {Set<string>} */
  const found = new Set();
  for (const { start, end } of scanAddresses(text, URL_STOPS).found) {
    const match = text.slice(start, end);
    let url = withoutTrailingPunctuation(match);
    // "(see https://x.example/a_(b))": a closing bracket stays when the link opened one.
    if (match.length > url.length && match[url.length] === ")" && url.includes("(")) url += ")";
    found.add(url);
  }
  return [...found];
}

/**
 * Whether `line` is `prefix`, then 1 to `max` characters, then `suffix` (both lower case).
 * @param {string} line
 * @param {string} prefix
 * @param {string} suffix
 * @param {number} max
 */
function framed(line, prefix, suffix, max) {
  const middle = line.length - prefix.length - suffix.length;
  return middle >= 1 && middle <= max && line.startsWith(prefix) && line.endsWith(suffix);
}

const SCHRIEB = " schrieb ";

// Lines that start what the sender did not write for this save: a signature ("-- "), quoted reply
// history ("On … wrote:", Outlook's header), a forwarded mail's header, a phone's footer. `line` is
// trimmed and lower-cased.
/** @param {string} line */
function isReplyHeader(line) {
  if (framed(line, "on ", " wrote:", 200) || dashed(line, "original message")) return true;
  if (framed(line, "le ", " a écrit:", 200) || framed(line, "le ", " a écrit :", 200)) return true;
  // "Am <date> schrieb <name>:", each part 1 to 200 characters.
  if (!line.startsWith("am ") || !line.endsWith(":")) return false;
  for (let at = line.indexOf(SCHRIEB, 4); at >= 0; at = line.indexOf(SCHRIEB, at + 1)) {
    const date = at - 3;
    const name = line.length - 1 - (at + SCHRIEB.length);
    if (date >= 1 && date <= 200 && name >= 1 && name <= 200) return true;
    if (date > 200) return false;
  }
  return false;
}

/** @param {string} line */
function isPhoneFooter(line) {
  if (line.startsWith("sent from my ") && line.length > 13 && !isSpace(line.charCodeAt(13)))
    return line.length - 13 <= 61;
  return (
    ["sent from mail for ", "sent from outlook for ", "sent from yahoo mail for ", "get outlook for "].some((prefix) =>
      framed(line, prefix, "", 40),
    ) || ["sent via ", "shared from ", "shared via "].some((prefix) => framed(line, prefix, "", 60))
  );
}

const LINE_BREAK = pattern("\\r\\n?", "g");
const BLANK_RUN = pattern("\\n{3,}", "g");

/**
 * What the sender wrote: the text up to a signature or quoted reply history, without quoted lines
 * (">") or a phone's "Sent from" footer, blank runs squeezed, trimmed. A forwarded mail's header ends
 * it too: the forwarded mail is not the sender's note.
 * @param {string} text
 * @returns {string}
 */
export function ownText(text) {
  /** @type {string[]} */
  const kept = [];
  const lines = text.replace(LINE_BREAK, "\n").split("\n");
  const bares = lines.map((line) => line.trim().toLowerCase());
  for (const [index, raw] of lines.entries()) {
    const line = raw.trimEnd();
    const bare = bares[index] ?? "";
    if (line === "--" || line === "-- " || isReplyHeader(bare) || headerStart(bares, index) >= 0) break;
    if (bare.startsWith(">") || isPhoneFooter(bare)) continue;
    kept.push(line);
  }
  return kept.join("\n").replace(BLANK_RUN, "\n\n").trim();
}

const REPLY_PREFIXES = ["fwd", "fw", "re", "aw", "wg", "tr"];

/**
 * @param {string} text
 * @param {number} at
 */
function skipSpace(text, at) {
  let i = at;
  while (i < text.length && isSpace(text.charCodeAt(i))) i += 1;
  return i;
}

/**
 * Where one "Fwd:" (or "Re [2]:" …) that starts at `at` ends, or -1 when none does.
 * @param {string} lower
 * @param {number} at
 */
function replyPrefixEnd(lower, at) {
  const start = skipSpace(lower, at);
  for (const prefix of REPLY_PREFIXES) {
    if (!lower.startsWith(prefix, start)) continue;
    let i = skipSpace(lower, start + prefix.length);
    if (lower[i] === "[") {
      let digits = i + 1;
      while (lower.charAt(digits) >= "0" && lower.charAt(digits) <= "9") digits += 1;
      if (digits > i + 1 && lower[digits] === "]") i = skipSpace(lower, digits + 1);
    }
    if (lower[i] === ":") return skipSpace(lower, i + 1);
  }
  return -1;
}

const SPACE_RUN = pattern("\\s+", "g");
const NO_SUBJECT = new Set(["no subject", "(no subject)", "(no subject", "no subject)"]);

/**
 * "Fwd: Fw: Re: The title" → "The title"; null when nothing is left.
 * @param {string | null} subject
 * @returns {string | null}
 */
export function cleanSubject(subject) {
  const text = subject ?? "";
  // Lower-cased in ASCII only, so that positions in it are positions in `text`.
  const lower = text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  let end = 0;
  for (let next = replyPrefixEnd(lower, 0); next > end; next = replyPrefixEnd(lower, end)) end = next;
  const cleaned = text.slice(end).replace(SPACE_RUN, " ").trim();
  // What some mail clients write when the sender left the subject empty.
  return cleaned === "" || NO_SUBJECT.has(cleaned.toLowerCase()) ? null : cleaned;
}

// Single characters tested one at a time: a one-character class cannot backtrack.
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/u;

/** @param {string} text */
function countWords(text) {
  let words = 0;
  let inWord = false;
  for (const character of text) {
    const letter = LETTER_OR_DIGIT.test(character);
    if (letter && !inWord) words += 1;
    inWord = letter;
  }
  return words;
}

/** @param {string} line */
function onlyPunctuation(line) {
  for (const character of line) {
    if (!isSpace(character.charCodeAt(0)) && !PUNCTUATION_OR_SYMBOL.test(character)) return false;
  }
  return true;
}

/**
 * The note of a link mail: what the sender wrote without the saved link itself, and without the
 * subject when it only repeats the link or says "Fwd:"; the subject joins the note when it says more.
 * @param {string} url
 * @param {string | null} subject
 * @param {string} own
 */
function linkNote(url, subject, own) {
  const body = own
    .split("\n")
    .map((line) => line.replace(url, "").trim())
    // A line that held only the link (and the punctuation around it) is gone with it.
    .map((line) => (onlyPunctuation(line) ? "" : line))
    .join("\n")
    .replace(BLANK_RUN, "\n\n")
    .trim();
  const title = cleanSubject(subject);
  const subjectSays = title && findUrls(title).join("") !== title.replace(SPACE_RUN, "") ? title : null;
  const parts = [subjectSays && !body.includes(subjectSays) ? subjectSays : null, body || null].filter(
    (part) => part !== null,
  );
  return parts.length > 0 ? parts.join("\n\n") : null;
}

/**
 * What the mail saves. A link mail: what the sender wrote (reply history, signature and footers
 * dropped) holds at most MAX_LINK_MAIL_LINKS links, or the subject holds one, and at most
 * MAX_LINK_MAIL_WORDS words besides them. A newsletter: any other mail that has a link (in its HTML
 * or its text). No link anywhere: nothing to save.
 * @param {MailText} mail
 * @returns {MailKind}
 */
export function classifyMail(mail) {
  const own = ownText(mail.text ?? "");
  const ownUrls = findUrls(own);
  const subjectUrls = findUrls(mail.subject ?? "");
  const urls = [...ownUrls, ...subjectUrls.filter((url) => !ownUrls.includes(url))];
  const words = countWords(withoutUrls(own));
  const first = urls[0];
  if (first && ownUrls.length <= MAX_LINK_MAIL_LINKS && words <= MAX_LINK_MAIL_WORDS && !hasManyHtmlLinks(mail.html))
    return { kind: "link", url: first, note: linkNote(first, mail.subject, own) };
  if (first || findUrls(mail.text ?? "").length > 0 || hasHtmlLink(mail.html)) return { kind: "newsletter" };
  return { kind: "no-link" };
}

/** @type {(code: number) => boolean} */
const isWordCharacter = (code) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;

/**
 * Where `href = "http:` (any case, spaces, quote or none) starts at `at` in `html`, or -1.
 * @param {string} html
 * @param {number} at
 */
function hrefEnd(html, at) {
  if (!holdsAt(html, at, "href") || isWordCharacter(html.charCodeAt(at - 1))) return -1;
  let i = at + 4;
  while (isSpace(html.charCodeAt(i))) i += 1;
  if (html[i] !== "=") return -1;
  i += 1;
  while (isSpace(html.charCodeAt(i))) i += 1;
  if (html[i] === '"' || html[i] === "'") i += 1;
  while (isSpace(html.charCodeAt(i))) i += 1;
  if (holdsAt(html, i, "http:")) return i + 5;
  return holdsAt(html, i, "https:") ? i + 6 : -1;
}

/**
 * The links to http(s) addresses in `html`, as the pattern /<a\b[^>]*\bhref\s*=\s*["']?\s*https?:/gi
 * counts them, up to `limit`, and the characters read. A tag's text (from `<a` to the next `>`) is
 * read once, whatever number of `<a` it holds: at most one link is counted in it, the one the last
 * href makes.
 * @param {string} html
 * @param {number} limit
 * @returns {{ count: number; steps: number }}
 */
export function countHtmlLinks(html, limit) {
  let count = 0;
  let steps = 0;
  let at = 0;
  while (count < limit) {
    const open = html.indexOf("<", at);
    if (open < 0) break;
    steps += open - at + 1;
    at = open + 1;
    if (!holdsAt(html, at, "a") || isWordCharacter(html.charCodeAt(at + 1))) continue;
    const close = html.indexOf(">", at);
    const end = close < 0 ? html.length : close;
    let linked = false;
    for (let i = at + 2; i < end; i += 1) {
      steps += 1;
      if (hrefEnd(html, i) >= 0) linked = true;
    }
    if (linked) count += 1;
    // Every `<a` before this tag's end shares its text: none counts again.
    at = end;
  }
  return { count, steps };
}

/** @param {string | null} html */
function hasHtmlLink(html) {
  return html !== null && countHtmlLinks(html, 1).count > 0;
}

/**
 * A mail whose HTML links to more places than a note would: a newsletter, whatever its text says.
 * @param {string | null} html
 */
function hasManyHtmlLinks(html) {
  return html !== null && countHtmlLinks(html, MAX_LINK_MAIL_LINKS * 2 + 1).count > MAX_LINK_MAIL_LINKS * 2;
}

/** What an e-mail address never holds, besides whitespace. */
const ADDRESS_STOPS = '<>"@';
/** @type {(text: string, i: number) => boolean} */
const isAddressCharacter = (text, i) =>
  i >= 0 && i < text.length && !isSpace(text.charCodeAt(i)) && !ADDRESS_STOPS.includes(text.charAt(i));

/**
 * The first e-mail address in `text` as /<?([^\s<>"@]+@[^\s<>"@]+\.[^\s<>"@]+)>?/ finds it (where its
 * match starts and ends, with the brackets around it, and the address; null when there is none), and
 * the characters read: each at most twice, since the parts around one `@` never overlap another's.
 * @param {string} text
 * @returns {{ found: { start: number; end: number; address: string } | null; steps: number }}
 */
export function scanAddress(text) {
  let steps = 0;
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let start = at;
    while (isAddressCharacter(text, start - 1)) start -= 1;
    let end = at + 1;
    // The domain needs a dot with something before and after it.
    let dot = -1;
    while (isAddressCharacter(text, end)) {
      if (dot < 0 && text[end] === "." && end > at + 1) dot = end;
      end += 1;
    }
    steps += end - start + 1;
    if (start === at || dot < 0 || dot >= end - 1) continue;
    const matchStart = text[start - 1] === "<" ? start - 1 : start;
    const matchEnd = text[end] === ">" ? end + 1 : end;
    return { found: { start: matchStart, end: matchEnd, address: text.slice(start, end) }, steps };
  }
  return { found: null, steps };
}

/** @type {(text: string, i: number) => boolean} */
const QUOTE_OR_SPACE = (text, i) => text[i] === '"' || text[i] === "'" || isSpace(text.charCodeAt(i));

/**
 * `text` without the quotes and spaces around it, and without an Outlook "[mailto:…]".
 * @param {string} text
 */
function displayName(text) {
  let start = 0;
  let end = text.length;
  while (start < end && QUOTE_OR_SPACE(text, start)) start += 1;
  while (end > start && QUOTE_OR_SPACE(text, end - 1)) end -= 1;
  const name = text.slice(start, end);
  for (let open = name.indexOf("["); open >= 0; open = name.indexOf("[", open + 1)) {
    if (!holdsAt(name, open + 1, "mailto:")) continue;
    const close = name.indexOf("]", open);
    if (close < 0) break;
    let from = open;
    while (from > 0 && isSpace(name.charCodeAt(from - 1))) from -= 1;
    let to = close + 1;
    while (to < name.length && isSpace(name.charCodeAt(to))) to += 1;
    return name.slice(0, from) + name.slice(to);
  }
  return name;
}

const FROM_LABELS = ["from", "von", "de"];

/**
 * The value of the forwarded mail's "From:" line (Gmail, Apple Mail, Outlook, Thunderbird) at
 * `lines[index]`, or null. As in a header pattern whose spaces after the colon run on across line
 * ends, an empty "From:" takes the next line of `lines` that has text.
 * @param {ReadonlyArray<string>} lines
 * @param {number} index
 */
function fromLineValue(lines, index) {
  const line = lines[index] ?? "";
  let i = skipSpace(line, 0);
  if (line[i] === "*") i = skipSpace(line, i + 1);
  const label = FROM_LABELS.find((word) => holdsAt(line, i, word));
  if (!label) return null;
  i = skipSpace(line, i + label.length);
  if (line[i] !== ":") return null;
  const rest = [line.slice(i + 1), ...lines.slice(index + 1)].join("\n");
  let j = skipSpace(rest, 0);
  if (rest[j] === "*") j = skipSpace(rest, j + 1);
  const end = rest.indexOf("\n", j);
  const value = rest.slice(j, end < 0 ? rest.length : end).trimEnd();
  return value === "" ? null : value;
}

/**
 * The sender named by the first "From:" line of a forwarded mail's header `lines`, or null.
 * @param {ReadonlyArray<string>} lines
 * @returns {MailSender | null}
 */
export function senderOf(lines) {
  const from = lines.map((_, index) => fromLineValue(lines, index)).find((value) => value !== null);
  const found = from ? scanAddress(from).found : null;
  if (!from || !found) return null;
  const name = displayName(from.slice(0, found.start) + from.slice(found.end)).trim();
  // Outlook's "Name [mailto:address]" with no other address: the brackets are not the address's.
  let address = found.address.toLowerCase();
  if (address.startsWith("[mailto:")) address = address.slice(8, address.endsWith("]") ? -1 : undefined);
  return { address, name: name === "" ? null : name };
}

/**
 * The sender of the mail forwarded in `text` (the first "From:" after a forward's header), or null.
 * @param {string | null} text
 * @returns {MailSender | null}
 */
export function forwardedFrom(text) {
  if (!text) return null;
  const lines = text.replace(LINE_BREAK, "\n").split("\n");
  const bares = lines.map((line) => line.trim().toLowerCase());
  const start = bares.findIndex((bare, index) => headerStart(bares, index) >= 0 || isReplyHeader(bare));
  // From the header's first line: Outlook's block has no marker above its From: line.
  return start < 0 ? null : senderOf(lines.slice(start, start + 12));
}
