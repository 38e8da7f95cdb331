import { Parser } from "htmlparser2";
import { escapeHtml, isNameCharacter, isSpace, VOID_TAGS } from "./mail-scan.mjs";

/** @typedef {{ [name: string]: string }} TagAttributes */

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
