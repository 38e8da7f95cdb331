import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { sanitizeArticleHtml } from "../articles/sanitize.mjs";
import { isSpace, pattern, scanAddresses } from "./mail-scan.mjs";

/** @import { IFrame } from "sanitize-html" */

/**
 * A link of a newsletter: its address, its text and (some of) the text just before it.
 * @typedef {{ href: string; text: string; before?: string }} MailAnchor
 */
/** @typedef {{ contentHtml: string; webVersionUrl: string | null }} NewsletterHtml */
/** @typedef {{ [name: string]: string }} TagAttributes */

// A newsletter's HTML made into what the reader shows (decision 0328): the article allow-list
// (lib/articles/sanitize.mjs) after a first pass that drops what a mail client hides or never
// shows as text: the head, preview text hidden with CSS (visible once styles are gone), and
// tracking pixels (images of one pixel or none). It runs in the extractor's child process (decision
// 0348), and reads its input in linear time (decision 0349): tags and links are found by scanners
// that count their steps, and the patterns left read lower-cased text (the linear-time engine they
// are checked against has no case-insensitive flag), anchored or from a literal.

const HIDDEN_STYLE = pattern(
  "(^|;)\\s*(display\\s*:\\s*none|visibility\\s*:\\s*hidden|mso-hide\\s*:\\s*all|max-height\\s*:\\s*0(px)?\\s*(;|$))",
);
// ".{0,30}" as two halves: the linear engine takes counted repetitions up to 16 only.
const WEB_VERSION_TEXT = pattern(
  "^\\s*(view|read|open|see)\\b.{0,15}.{0,15}\\b(browser|online|on the web|web ?version|as a web ?page)\\b|^\\s*(web ?version|online version)\\s*$",
);
// What a newsletter says of itself before its web version link when the link only says "click here":
// "Can't read this email?", "If this message does not display correctly", and the French of it.
const CANNOT_READ_TEXT = pattern(
  "(can'?t|cannot|unable to|trouble|problems?)\\s+(read|view|see|display)|(not|n'?t)\\s+display(ing|ed)?\\s+(correctly|properly)|ne s'affiche pas( correctement)?",
);
// "\s*([.!]\s*)?$", not "\s*[.!]?\s*$": two runs of spaces side by side could split a long run
// every way before failing.
const CLICK_HERE_TEXT = pattern("^\\s*((please\\s+)?click\\s+here|here|(cliquez|cliquer)\\s+ici|ici)\\s*([.!]\\s*)?$");
/** How much of the text before a link is read for what the link is. */
const TEXT_BEFORE_LINK = 80;

/**
 * Deeper than browsers build (their HTML parsers stop nesting at 512 levels) and far deeper than any
 * newsletter's tables; the HTML parser under the sanitiser slows with the square of the depth.
 */
export const MAX_HTML_DEPTH = 512;

const VOID_TAGS = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));

/** @type {(code: number) => boolean} */
const isLetter = (code) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
/** @type {(code: number) => boolean} */
const isNameCharacter = (code) => isLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d;

/**
 * How deep `html`'s elements nest (unclosed ones count as open), and the characters read to know it.
 * A tag is `<`, an optional `/`, a name, then anything up to `>` (or `/>`) outside quotes. One pass:
 * where a tag that never ends was read, a later `<` that reaches the same place outside quotes fails
 * the same way and stops there, and a quote is skipped to the next one of its kind, so `steps` stays
 * within a few times the length.
 * @param {string} html
 * @returns {{ depth: number; steps: number }}
 */
export function scanDepth(html) {
  const dead = new Uint8Array(html.length + 1);
  let depth = 0;
  let deepest = 0;
  let steps = 0;
  let at = html.indexOf("<");
  while (at >= 0) {
    steps += 1;
    let p = at + 1;
    const closing = html[p] === "/";
    if (closing) p += 1;
    const nameStart = p;
    while (p < html.length && isNameCharacter(html.charCodeAt(p)) && (p > nameStart || isLetter(html.charCodeAt(p)))) {
      p += 1;
      steps += 1;
    }
    const name = html.slice(nameStart, p).toLowerCase();
    let end = -1;
    let selfClosing = false;
    /** @type {number[]} */
    const visited = [];
    while (name !== "" && p < html.length && !dead[p]) {
      steps += 1;
      visited.push(p);
      const character = html[p];
      if (character === ">" || (character === "/" && html[p + 1] === ">")) {
        selfClosing = character === "/";
        end = selfClosing ? p + 2 : p + 1;
        break;
      }
      if (character === '"' || character === "'") {
        const close = html.indexOf(character, p + 1);
        steps += (close < 0 ? html.length : close) - p;
        if (close < 0) break;
        p = close + 1;
      } else p += 1;
    }
    if (end < 0) {
      // Not a tag from here: no later tag that reaches these places outside quotes ends either.
      for (const place of visited) dead[place] = 1;
      at = html.indexOf("<", at + 1);
      continue;
    }
    if (!VOID_TAGS.has(name) && !selfClosing) {
      depth = closing ? Math.max(0, depth - 1) : depth + 1;
      deepest = Math.max(deepest, depth);
    }
    at = html.indexOf("<", end);
  }
  return { depth: deepest, steps };
}

/**
 * How deep `html`'s elements nest, read from its tags in one pass (unclosed ones count as open).
 * @param {string} html
 * @returns {number}
 */
export function htmlDepth(html) {
  return scanDepth(html).depth;
}

const TINY = pattern("^\\s*[01](px)?\\s*$");
const TINY_WIDTH = pattern("(^|;)\\s*width\\s*:\\s*[01]px");
const TINY_HEIGHT = pattern("(^|;)\\s*height\\s*:\\s*[01]px");

/** @param {TagAttributes} attribs */
function isTrackingPixel(attribs) {
  const tiny = (/** @type {string | undefined} */ value) => value !== undefined && TINY.test(value.toLowerCase());
  const style = (attribs.style ?? "").toLowerCase();
  return (tiny(attribs.width) && tiny(attribs.height)) || TINY_WIDTH.test(style) || TINY_HEIGHT.test(style);
}

/** @param {IFrame} frame */
function isHidden(frame) {
  if (frame.tag === "head" || frame.tag === "title") return true;
  if (frame.attribs.hidden !== undefined || HIDDEN_STYLE.test((frame.attribs.style ?? "").toLowerCase())) return true;
  return frame.tag === "img" && isTrackingPixel(frame.attribs);
}

const SPACE_RUN = pattern("\\s+", "g");
const SENTENCE_STOP = pattern("[.!]");

/**
 * Where the run of full stops, exclamation marks and spaces that ends `text` starts.
 * @param {string} text
 */
function sentenceEnd(text) {
  let end = text.length;
  while (end > 0 && (text[end - 1] === "." || text[end - 1] === "!" || isSpace(text.charCodeAt(end - 1)))) end -= 1;
  return end;
}

/** @param {MailAnchor} anchor */
function saysWebVersion(anchor) {
  const text = anchor.text.replace(SPACE_RUN, " ").toLowerCase();
  if (WEB_VERSION_TEXT.test(text) || CANNOT_READ_TEXT.test(text)) return true;
  // Only the sentence the link ends: "Can't read small print? Ask us. New range: click here" is a shop link.
  const sentence =
    (anchor.before ?? "")
      .slice(0, sentenceEnd(anchor.before ?? ""))
      .split(SENTENCE_STOP)
      .pop() ?? "";
  return CLICK_HERE_TEXT.test(text) && CANNOT_READ_TEXT.test(sentence.replace(SPACE_RUN, " ").toLowerCase());
}

/**
 * The "view in browser" link of a newsletter: the first http(s) link whose text says so, or says
 * "click here" just after the newsletter said it may not read well.
 * @param {ReadonlyArray<MailAnchor>} anchors
 * @returns {string | null}
 */
export function findWebVersionUrl(anchors) {
  for (const anchor of anchors) {
    if (!saysWebVersion(anchor)) continue;
    try {
      const url = new URL(anchor.href.trim());
      if (url.protocol === "https:" || url.protocol === "http:") return url.href;
    } catch {
      // An address that does not parse is no web version: the next link may be.
    }
  }
  return null;
}

const BLOCK_TAGS = new Set(
  "p br div li tr td th h1 h2 h3 h4 h5 h6 blockquote pre table section article header footer hr dt dd figcaption".split(
    " ",
  ),
);

const BLANKS = pattern("[ \\t\\u00a0]+", "g");
const SPACED_BREAKS = pattern(" ?\\n[ \\n]*", "g");

/**
 * The text of sanitised HTML, a line break after each block, for search and word counts.
 * @param {string} html
 * @returns {string}
 */
export function htmlText(html) {
  let text = "";
  const parser = new Parser(
    {
      ontext: (chunk) => {
        text += chunk;
      },
      onclosetag: (name) => {
        if (BLOCK_TAGS.has(name)) text += "\n";
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text.replace(BLANKS, " ").replace(SPACED_BREAKS, "\n").trim();
}

// Layout tables (decision 0383). A newsletter lays itself out in tables a mail client's width is
// made for; kept as tables they are boxes wider than a phone's column that scroll sideways, with a
// quarter to half of the words beyond the box's edge. A table used for layout becomes its cells, in
// reading order, each a block; a data table (header cells, several short cells a row, no block
// content) stays a table. Two passes of the HTML parser over the same HTML see the same tags in
// the same order: the first decides each table by the order it opens in, the second writes.

/** Tags that make a table a layout: a data table's cells hold text, links and inline marks. */
const LAYOUT_CONTENT = new Set(
  "table p div h1 h2 h3 h4 h5 h6 img ul ol dl blockquote pre hr figure section article header footer center".split(" "),
);
/** Attributes only layout tables carry in a newsletter (a border other than "0" is a data table's). */
const LAYOUT_ATTRIBUTES = ["width", "height", "align", "valign", "cellpadding", "cellspacing", "bgcolor", "background"];
/** More words than this in one cell is prose, not a datum. */
const LONGEST_DATUM_WORDS = 40;
/** Table parts a layout table's flattening drops, keeping what they hold. */
const TABLE_PARTS = new Set(["thead", "tbody", "tfoot", "tr", "colgroup", "col"]);
/**
 * The widest image kept at its declared size: the narrowest column the reader lays out. A wider
 * declared width (or one in another unit) is dropped with its height; the reader's stylesheet then
 * fits the image to the column with its own proportions.
 */
const WIDEST_DECLARED_IMAGE = 320;

/**
 * A table as the first pass reads it: its attributes, its widest row and longest cell (in words),
 * whether it has header cells or block content, and where it opens among the tables.
 * @typedef {{ attribs: TagAttributes; rowCells: number; widestRow: number; longestCell: number; headerCells: boolean; blockContent: boolean; index: number }} TableRead
 */
/** @typedef {{ index: number; words: number; content: boolean }} CellRead */

/** @param {TableRead} table */
function isLayoutTable(table) {
  const role = (table.attribs.role ?? "").trim().toLowerCase();
  if (role === "presentation" || role === "none") return true;
  if (table.blockContent || table.widestRow <= 1 || table.longestCell > LONGEST_DATUM_WORDS) return true;
  if (table.headerCells) return false;
  const border = table.attribs.border?.trim();
  return border === "0" || LAYOUT_ATTRIBUTES.some((name) => table.attribs[name] !== undefined);
}

/**
 * Whether `value` is a whole number of pixels no wider than `most` ("600", "600px").
 * @param {string | undefined} value
 * @param {number} most
 */
function pixelsAtMost(value, most) {
  if (value === undefined) return false;
  let digits = value.trim().toLowerCase();
  if (digits.endsWith("px")) digits = digits.slice(0, -2);
  if (digits === "" || digits.length > 6) return false;
  for (let i = 0; i < digits.length; i += 1) {
    const code = digits.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return Number(digits) <= most;
}

/**
 * How many words (runs of non-spaces) `text` holds.
 * @param {string} text
 */
function countWords(text) {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  return words;
}

/**
 * Which tables of `html` (in the order they open) are layout, which cells are empty, and the steps taken.
 * @param {string} html
 */
function readTables(html) {
  /** @type {boolean[]} */
  const layout = [];
  /** @type {boolean[]} */
  const emptyCells = [];
  /** @type {TableRead[]} */
  const tables = [];
  /** @type {CellRead[]} */
  const cells = [];
  let steps = 0;
  const parser = new Parser(
    {
      onopentag: (name, attribs) => {
        steps += 1;
        const table = tables.at(-1);
        const cell = cells.at(-1);
        if (cell && (name === "img" || name === "hr")) cell.content = true;
        if (name === "td" || name === "th") {
          // Counted wherever they stand, as the second pass counts them.
          cells.push({ index: emptyCells.length, words: 0, content: false });
          emptyCells.push(true);
        }
        if (name === "table") {
          if (table) table.blockContent = true;
          const fresh = { attribs, rowCells: 0, widestRow: 0, longestCell: 0, headerCells: false, blockContent: false };
          tables.push({ ...fresh, index: layout.length });
          layout.push(false);
        } else if (!table) return;
        else if (name === "tr") table.rowCells = 0;
        else if (name === "td" || name === "th") {
          table.rowCells += 1;
          table.widestRow = Math.max(table.widestRow, table.rowCells);
          if (name === "th") table.headerCells = true;
        } else if (LAYOUT_CONTENT.has(name)) table.blockContent = true;
      },
      ontext: (text) => {
        steps += text.length;
        const cell = cells.at(-1);
        if (!cell) return;
        const words = countWords(text);
        cell.words += words;
        if (words > 0) cell.content = true;
      },
      onclosetag: (name) => {
        steps += 1;
        if (name === "table") {
          const table = tables.pop();
          if (table) layout[table.index] = isLayoutTable(table);
        } else if (name === "td" || name === "th") {
          const cell = cells.pop();
          if (!cell) return;
          emptyCells[cell.index] = !cell.content;
          const table = tables.at(-1);
          if (table) table.longestCell = Math.max(table.longestCell, cell.words);
          // What a nested cell holds, its cell holds too.
          const outer = cells.at(-1);
          if (outer) {
            outer.words += cell.words;
            outer.content ||= cell.content;
          }
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { layout, emptyCells, steps };
}

/**
 * Whether `name` is an attribute name written back as it is (letters, digits, "-", "_", ":", ".").
 * @param {string} name
 */
function isPlainName(name) {
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (!isNameCharacter(code) && code !== 0x5f && code !== 0x3a && code !== 0x2e) return false;
  }
  return name !== "";
}

/**
 * @param {string} name
 * @param {TagAttributes} attribs
 */
function openTag(name, attribs) {
  let tag = `<${name}`;
  for (const [attribute, value] of Object.entries(attribs))
    if (isPlainName(attribute)) tag += ` ${attribute}="${escapeHtml(value)}"`;
  return `${tag}>`;
}

/**
 * An image's attributes without a declared size wider than the narrowest column.
 * @param {TagAttributes} attribs
 */
function imageAttributes(attribs) {
  if (pixelsAtMost(attribs.width, WIDEST_DECLARED_IMAGE)) return attribs;
  const { width: _width, height: _height, ...rest } = attribs;
  return rest;
}

/**
 * `html` with its layout tables made into blocks in reading order and images' declared sizes wider
 * than the column dropped; data tables stay. `steps` counts the parser's events and the characters
 * of text read, in both passes.
 * @param {string} html
 * @returns {{ html: string; steps: number }}
 */
export function scanLayoutTables(html) {
  const { layout, emptyCells, steps: readSteps } = readTables(html);
  let steps = readSteps;
  let out = "";
  let tableCount = 0;
  let cellCount = 0;
  /**
   * Each open element's name as written, or null when it is not written (its content still is).
   * @type {{ name: string; written: string | null; skip: boolean }[]}
   */
  const open = [];
  /**
   * Whether each open table is a layout table.
   * @type {boolean[]}
   */
  const tables = [];
  /** How many open elements (an empty layout cell and what it holds) write nothing. */
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag: (name, attribs) => {
        steps += 1;
        /** @type {string | null} */
        let written = name;
        let skip = false;
        if (name === "table") {
          const isLayout = layout[tableCount] ?? false;
          tableCount += 1;
          tables.push(isLayout);
          if (isLayout) written = "div";
        } else if (tables.at(-1) === true && TABLE_PARTS.has(name)) written = null;
        else if (name === "td" || name === "th") {
          const empty = emptyCells[cellCount] ?? false;
          cellCount += 1;
          if (tables.at(-1) === true) {
            written = "div";
            skip = empty;
          }
        } else if (tables.at(-1) === true && name === "caption") written = "div";
        if (skip || skipping > 0) {
          open.push({ name, written: null, skip: true });
          skipping += 1;
          return;
        }
        open.push({ name, written, skip: false });
        if (written === null) return;
        out += openTag(written, name === "img" ? imageAttributes(attribs) : attribs);
      },
      ontext: (text) => {
        steps += text.length;
        if (skipping === 0) out += escapeHtml(text);
      },
      // The parser closes every element it opened, in order: the stack says which this is.
      onclosetag: () => {
        steps += 1;
        const element = open.pop();
        if (!element) return;
        if (element.name === "table") tables.pop();
        if (element.skip) {
          skipping -= 1;
          return;
        }
        if (element.written !== null && !VOID_TAGS.has(element.name)) out += `</${element.written}>`;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { html: out, steps };
}

/**
 * `html` with its layout tables made into blocks in reading order (see scanLayoutTables).
 * @param {string} html
 * @returns {string}
 */
export function flattenLayoutTables(html) {
  return scanLayoutTables(html).html;
}

/**
 * The newsletter's HTML as the reader shows it, and its "view in browser" link when it has one.
 * `baseUrl` resolves relative links (a mail has none that mean anything; the web version's address
 * when known); `appOrigin` is LinkStash's own, whose links and images are dropped.
 * @param {string} html
 * @param {string} baseUrl
 * @param {string} appOrigin
 * @returns {NewsletterHtml}
 */
export function newsletterHtml(html, baseUrl, appOrigin) {
  /** @type {MailAnchor[]} */
  const anchors = [];
  // The text read so far, and what it was where each link began (by the link's attributes, which the
  // sanitiser hands to onOpenTag and keeps as its frame's: misnested links never mix them up).
  let textSoFar = "";
  /** @type {WeakMap<TagAttributes, string>} */
  const textBeforeLink = new WeakMap();
  const shown = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    // Nothing of this pass reaches a browser: the article allow-list runs on its output.
    allowVulnerableTags: true,
    onOpenTag: (name, attribs) => {
      if (name === "a") textBeforeLink.set(attribs, textSoFar.slice(-TEXT_BEFORE_LINK));
    },
    textFilter: (text) => {
      textSoFar = (textSoFar + text).slice(-TEXT_BEFORE_LINK * 2);
      return text;
    },
    exclusiveFilter: (frame) => {
      if (isHidden(frame)) return true;
      if (frame.tag === "a" && frame.attribs.href)
        anchors.push({ href: frame.attribs.href, text: frame.text, before: textBeforeLink.get(frame.attribs) });
      return false;
    },
  });
  return {
    contentHtml: sanitizeArticleHtml(flattenLayoutTables(shown), baseUrl, appOrigin),
    webVersionUrl: findWebVersionUrl(anchors),
  };
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

const LINE_BREAK = pattern("\\r\\n?", "g");
/** What ends a web address in escaped text, besides whitespace. */
const LINKED_STOPS = '<>"';
/** What a linked address does not end with. */
const NOT_LAST = ".,;:!?)]";

/**
 * `escaped` with its web addresses as links, as /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g would
 * link them: each address without the punctuation it ends with, and at least two characters after
 * the "//".
 * @param {string} escaped
 */
function linkAddresses(escaped) {
  let linked = "";
  let from = 0;
  for (const { start, end } of scanAddresses(escaped, LINKED_STOPS, true).found) {
    const body = start + (escaped[start + 4] === ":" ? 7 : 8);
    let last = end;
    while (last >= body + 2 && NOT_LAST.includes(escaped.charAt(last - 1))) last -= 1;
    if (last < body + 2) continue;
    const url = escaped.slice(start, last);
    linked += `${escaped.slice(from, start)}<a href="${url}">${url}</a>`;
    from = last;
  }
  return linked + escaped.slice(from);
}

/**
 * A plain-text mail as HTML: a paragraph per blank-line-separated block, its addresses as links.
 * @param {string} text
 * @returns {string}
 */
export function textToHtml(text) {
  /** @type {string[]} */
  const blocks = [];
  /** @type {string[]} */
  let block = [];
  for (const line of text.replace(LINE_BREAK, "\n").split("\n")) {
    if (line.trim() !== "") block.push(line);
    else if (block.length > 0) {
      blocks.push(block.join("\n"));
      block = [];
    }
  }
  if (block.length > 0) blocks.push(block.join("\n"));
  return blocks
    .map((paragraph) => `<p>${linkAddresses(escapeHtml(paragraph.trim())).replaceAll("\n", "<br>")}</p>`)
    .join("\n");
}
