import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { sanitizeArticleHtml } from "../articles/sanitize.mjs";
import { flattenLayoutTables } from "./layout-tables.mjs";
import { escapeHtml, isLetter, isNameCharacter, isSpace, pattern, scanAddresses, VOID_TAGS } from "./mail-scan.mjs";

/** @import { IFrame } from "sanitize-html" */

/**
 * A link of a newsletter: its address, its text and (some of) the text just before it.
 * @typedef {{ href: string; text: string; before?: string }} MailAnchor
 */
/** @typedef {{ contentHtml: string; webVersionUrl: string | null }} NewsletterHtml */
/** @import { TagAttributes } from "./layout-tables.mjs" */

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
