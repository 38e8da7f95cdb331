// A PDF's text as an article (decision 0415): pdf.js's text items of each page become lines, lines
// become paragraphs, and the pages one section each. Pure, so the unit tests read it without pdf.js;
// plain JavaScript because the extractor child imports it as Node starts it (decision 0300).

/**
 * One of pdf.js's text items, as much of it as is read here: its text, where its baseline starts
 * (x, y in the page's units, y growing upwards), its width, its font size, and whether the text
 * ended a line there.
 * @typedef {object} PdfTextItem
 * @property {string} str
 * @property {number} x
 * @property {number} y
 * @property {number} width
 * @property {number} size
 * @property {boolean} hasEOL
 */

/**
 * A line of a page: its text, its baseline and its largest font size.
 * @typedef {object} PdfLine
 * @property {string} text
 * @property {number} y
 * @property {number} size
 */

/** @typedef {{ kind: "paragraph" | "heading"; text: string }} PdfBlock */

/**
 * The item of pdf.js's text content `item`, or null for a marked-content marker (no `str`).
 * @param {unknown} item
 * @returns {PdfTextItem | null}
 */
export function textItemOf(item) {
  if (typeof item !== "object" || item === null || !("str" in item) || typeof item.str !== "string") return null;
  const transform = "transform" in item && Array.isArray(item.transform) ? item.transform : [];
  /** @param {unknown} value */
  const num = (value) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
  const [a, b, , , x, y] = transform.map(num);
  return {
    str: item.str,
    x: x ?? 0,
    y: y ?? 0,
    width: "width" in item ? num(item.width) : 0,
    // The font's size is the transform's scale (rotated text included).
    size: Math.hypot(a ?? 0, b ?? 0) || ("height" in item ? num(item.height) : 0),
    hasEOL: "hasEOL" in item && item.hasEOL === true,
  };
}

/**
 * The page's lines in the order its content gives them (the order it was written, which is the
 * reading order for nearly every producer: columns one after the other). A line ends where pdf.js
 * saw one end, or where the baseline moves by more than half the font's size (a superscript does
 * not); items on a line are joined, with a space where they stand apart and have none.
 * @param {readonly PdfTextItem[]} items
 * @returns {PdfLine[]}
 */
export function linesOf(items) {
  /** @type {PdfLine[]} */
  const lines = [];
  /** @type {{ text: string; y: number; size: number; end: number } | null} */
  let line = null;
  let ended = true;
  for (const item of items) {
    const str = item.str.replace(/\s+/g, " ");
    if (ended || !line || Math.abs(item.y - line.y) > Math.max(line.size, item.size) / 2) {
      if (line && line.text.trim()) lines.push({ text: line.text.trim(), y: line.y, size: line.size });
      line = str.trim() ? { text: str, y: item.y, size: item.size, end: item.x + item.width } : null;
    } else if (str) {
      const gap = item.x - line.end;
      const apart = gap > Math.max(line.size, item.size) * 0.15 && !/\s$/.test(line.text) && !/^\s/.test(str);
      line.text += apart ? ` ${str}` : str;
      line.size = Math.max(line.size, item.size);
      line.end = item.x + item.width;
    }
    ended = item.hasEOL;
  }
  if (line && line.text.trim()) lines.push({ text: line.text.trim(), y: line.y, size: line.size });
  return lines;
}

/**
 * The font size most of the page's text is in (by characters): the body's.
 * @param {readonly PdfLine[]} lines
 * @returns {number}
 */
export function bodySize(lines) {
  /** @type {Map<number, number>} */
  const chars = new Map();
  for (const { text, size } of lines) {
    const key = Math.round(size * 2) / 2;
    chars.set(key, (chars.get(key) ?? 0) + text.length);
  }
  let best = 0;
  let bestCount = -1;
  for (const [size, count] of chars) {
    if (count > bestCount) [best, bestCount] = [size, count];
  }
  return best;
}

/**
 * `next` continues `text`: a word cut by a hyphen at the line's end is joined again when the next
 * line goes on in lower case; else the two are joined with a space.
 * @param {string} text
 * @param {string} next
 * @returns {string}
 */
function joinLines(text, next) {
  if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  return `${text} ${next}`;
}

/**
 * The page's lines as paragraphs and headings: a gap between baselines larger than 1.5 times the
 * body's line spacing, or a change of font size, starts a new block; a line in a font a quarter
 * larger than the body's is a heading. A baseline moving up (the next column) goes on with the
 * paragraph, as a paragraph often does.
 * @param {readonly PdfLine[]} lines
 * @returns {PdfBlock[]}
 */
export function blocksOf(lines) {
  const body = bodySize(lines);
  /** @type {PdfBlock[]} */
  const blocks = [];
  /** @type {(PdfBlock & { y: number; size: number }) | null} */
  let block = null;
  for (const line of lines) {
    const kind = body > 0 && line.size >= body * 1.25 ? "heading" : "paragraph";
    const drop = block ? block.y - line.y : 0;
    const spacing = Math.max(line.size, block?.size ?? 0) * 1.5;
    const sameSize = block !== null && Math.abs(block.size - line.size) <= Math.max(0.5, body * 0.1);
    if (block && block.kind === kind && sameSize && drop <= spacing) {
      block.text = joinLines(block.text, line.text);
      block.y = line.y;
    } else {
      if (block) blocks.push({ kind: block.kind, text: block.text });
      block = { kind, text: line.text, y: line.y, size: line.size };
    }
  }
  if (block) blocks.push({ kind: block.kind, text: block.text });
  return blocks;
}

/** @param {string} text */
const edgeKey = (text) => text.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The pages' lines without their running headers and footers: a first or last line whose text
 * (its numbers aside) begins or ends at least half the pages, on three pages or more, and a last
 * line that is only a page number.
 * @param {readonly (readonly PdfLine[])[]} pages
 * @returns {PdfLine[][]}
 */
export function withoutRunningLines(pages) {
  /** @type {(edge: (lines: readonly PdfLine[]) => PdfLine | undefined) => Set<string>} */
  const repeated = (edge) => {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const lines of pages) {
      const line = edge(lines);
      if (line) counts.set(edgeKey(line.text), (counts.get(edgeKey(line.text)) ?? 0) + 1);
    }
    const enough = Math.max(3, Math.ceil(pages.length / 2));
    return new Set([...counts].filter(([, count]) => count >= enough).map(([key]) => key));
  };
  const heads = repeated((lines) => lines[0]);
  const feet = repeated((lines) => lines[lines.length - 1]);
  return pages.map((lines) => {
    let kept = [...lines];
    const first = kept[0];
    if (first && heads.has(edgeKey(first.text))) kept = kept.slice(1);
    const last = kept[kept.length - 1];
    if (last && (feet.has(edgeKey(last.text)) || /^[-–—\s]*\d{1,4}[-–—\s]*$/.test(last.text))) kept = kept.slice(0, -1);
    return kept;
  });
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The article's HTML and plain text from each page's lines: one section per page, headed "Page N"
 * when there is more than one, its paragraphs and headings in order. Pages without text are left out.
 * @param {readonly (readonly PdfLine[])[]} pages
 * @returns {{ html: string; text: string }}
 */
export function pdfArticle(pages) {
  const kept = withoutRunningLines(pages);
  const many = pages.length > 1;
  /** @type {string[]} */
  const sections = [];
  /** @type {string[]} */
  const texts = [];
  kept.forEach((lines, index) => {
    const blocks = blocksOf(lines);
    if (blocks.length === 0) return;
    const body = blocks.map(({ kind, text }) =>
      kind === "heading" ? `<h3>${escapeHtml(text)}</h3>` : `<p>${escapeHtml(text)}</p>`,
    );
    sections.push(`<section>${many ? `<h2>Page ${index + 1}</h2>` : ""}${body.join("")}</section>`);
    texts.push(blocks.map(({ text }) => text).join("\n\n"));
  });
  return { html: sections.join("\n"), text: texts.join("\n\n") };
}

/**
 * Whether a title from the document's metadata says something: not empty, not a file's name, not
 * a word processor's placeholder.
 * @param {string | null | undefined} title
 * @returns {string | null}
 */
export function meaningfulTitle(title) {
  const text = (title ?? "")
    .replace(/\s+/g, " ")
    .replace(/^Microsoft (Word|PowerPoint|Excel) - /i, "")
    .trim();
  if (text.length < 3 || !/\p{L}{2}/u.test(text)) return null;
  if (/\.(pdf|docx?|odt|rtf|tex|dvi|e?ps|pptx?|xlsx?|indd|qxd|txt)$/i.test(text)) return null;
  if (/^(untitled|title|document|no title|unknown|slide \d+|\d+)$/i.test(text)) return null;
  if (/^[\w-]+$/.test(text) && /[_\d]/.test(text)) return null; // "paper_v2", "ms-1234"
  return text.slice(0, 1000);
}

/**
 * The document's title: its metadata's (Info's Title, else XMP's dc:title) when it says something,
 * else the first page's heading-like first lines (those in its largest font, when that is larger
 * than its body's, joined), else null (the link keeps its own).
 * @param {{ infoTitle?: string | null; xmpTitle?: string | null; firstPage: readonly PdfLine[] }} document
 * @returns {string | null}
 */
export function pdfTitle({ infoTitle, xmpTitle, firstPage }) {
  const fromMetadata = meaningfulTitle(infoTitle) ?? meaningfulTitle(xmpTitle);
  if (fromMetadata) return fromMetadata;
  const largest = Math.max(0, ...firstPage.map(({ size }) => size));
  if (largest <= bodySize(firstPage) * 1.15) return null;
  const start = firstPage.findIndex(({ size }) => size >= largest - 0.5);
  /** @type {string[]} */
  const parts = [];
  for (const line of firstPage.slice(start)) {
    if (line.size < largest - 0.5) break;
    parts.push(line.text);
  }
  const heading = parts.join(" ").replace(/\s+/g, " ").trim();
  return heading.length >= 3 && heading.length <= 300 && /\p{L}{2}/u.test(heading) ? heading : null;
}
