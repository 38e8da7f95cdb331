import { decodeHTML, decodeHTMLAttribute } from "entities";
import { replaceCodePoint } from "entities/decode";
import { cutAtWord } from "@/lib/text/cut-at-word";

// Page metadata from HTML text: the title, description, site name and favicon a saved link shows.
// Pure. A small linear scanner rather than an HTML parser: it only reads the head's <title>,
// <meta>, <link> and <base>, and it must stay linear on hostile input (no backtracking regexes over
// the whole page). Character references are decoded by `entities`, by the rules HTML gives for
// element text and for attribute values.

export type PageMetadata = {
  title: string | null;
  description: string | null;
  siteName: string | null;
  faviconUrl: string | null;
};

export const MAX_TITLE_LENGTH = 300;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_SITE_NAME_LENGTH = 200;
const MAX_ICON_URL_LENGTH = 2048;

// Elements whose content is text, not markup: a "<title>" or "<meta>" inside them is not one.
const RAW_TEXT_ELEMENTS = new Set([
  "script",
  "style",
  "template",
  "textarea",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "svg",
  "math",
]);

/**
 * C1 control characters read as the Windows-1252 characters they almost always are: the table HTML
 * gives for numeric references to 0x80-0x9F, which is Windows-1252's. Unassigned ones stay.
 */
export function windows1252Controls(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (char) => String.fromCodePoint(replaceCodePoint(char.charCodeAt(0))));
}

/**
 * An attribute value's character references decoded as browsers decode them: a legacy name
 * without its ";" stays as it is before "=" or a letter, so "?a=1&copy=2" in a URL is intact.
 */
export function decodeEntities(text: string): string {
  return decodeHTMLAttribute(text);
}

/**
 * Decoded text on one line, cut to `max` UTF-16 units without splitting a surrogate pair; null when
 * empty. `decode` is the rule for where the text stood: an element's content or an attribute value.
 */
function clean(raw: string | undefined, max: number, decode: (text: string) => string = decodeEntities): string | null {
  if (raw === undefined) return null;
  const text = decode(raw)
    .replace(/[\s\u0000-\u001f\u007f]+/g, " ")
    .trim();
  if (text === "") return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A description is prose read under the title: cut at a word, with "…", rather than mid-word. */
function cleanDescription(raw: string | undefined): string | null {
  const text = clean(raw, Number.POSITIVE_INFINITY);
  return text === null ? null : cutAtWord(text, MAX_DESCRIPTION_LENGTH);
}

type Tag = { name: string; attributes: Map<string, string>; end: number };

// A start tag that the text ends inside is dropped, as browsers do.
const UNTERMINATED = "unterminated";

const TAG_NAME = /[a-z][^\s/>]*/iy;
const ATTRIBUTE_GAP = /[\s/]*/y;
const ATTRIBUTE = /([^\s/>"'=][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/y;

/** The start tag whose name begins at `start` (just after "<"), or null when "<" starts no tag. */
function readStartTag(html: string, start: number): Tag | typeof UNTERMINATED | null {
  TAG_NAME.lastIndex = start;
  const nameMatch = TAG_NAME.exec(html);
  if (!nameMatch) return null;
  const attributes = new Map<string, string>();
  let position = TAG_NAME.lastIndex;
  while (position < html.length) {
    // Gaps are skipped once, separately, so that no character is scanned twice (stays linear).
    ATTRIBUTE_GAP.lastIndex = position;
    ATTRIBUTE_GAP.test(html);
    position = ATTRIBUTE_GAP.lastIndex;
    if (html[position] === ">") return { name: nameMatch[0].toLowerCase(), attributes, end: position + 1 };
    ATTRIBUTE.lastIndex = position;
    const attribute = ATTRIBUTE.exec(html);
    if (!attribute) {
      // A stray quote or "=" where a name should be.
      position += 1;
      continue;
    }
    const [, name = "", doubleQuoted, singleQuoted, unquoted] = attribute;
    const key = name.toLowerCase();
    // The first of a repeated attribute counts, as in browsers. Values stay raw: decoded once, where used.
    if (!attributes.has(key)) attributes.set(key, doubleQuoted ?? singleQuoted ?? unquoted ?? "");
    position = ATTRIBUTE.lastIndex;
  }
  return UNTERMINATED;
}

/** Index of the end tag `</name` at or after `from`, or the end of the text. */
function findEndTag(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}(?=[\\s/>]|$)`, "gi");
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? html.length;
}

/** A page-relative URL made absolute; only http(s) results are kept (no javascript: or data: icons). */
function resolveWebUrl(href: string, base: string): string | null {
  try {
    const url = new URL(decodeEntities(href).trim(), base);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.href.length > MAX_ICON_URL_LENGTH) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function parseMetadata(html: string, pageUrl: string): PageMetadata {
  let titleText: string | undefined;
  let baseHref: string | undefined;
  const meta = new Map<string, string>();
  // rel="icon" / "shortcut icon" first, an apple-touch-icon only when nothing else is declared.
  let icon: string | undefined;
  let touchIcon: string | undefined;

  let position = 0;
  scan: while (position < html.length) {
    const open = html.indexOf("<", position);
    if (open === -1) break;
    const next = html[open + 1];
    if (html.startsWith("<!--", open)) {
      const close = html.indexOf("-->", open + 4);
      if (close === -1) break;
      position = close + 3;
    } else if (next === "!" || next === "?") {
      // Doctype, CDATA or processing instruction.
      const close = html.indexOf(">", open);
      if (close === -1) break;
      position = close + 1;
    } else if (next === "/") {
      TAG_NAME.lastIndex = open + 2;
      if (TAG_NAME.exec(html)?.[0].toLowerCase() === "head") break;
      position = open + 2;
    } else {
      const tag = readStartTag(html, open + 1);
      if (tag === UNTERMINATED) break;
      if (!tag) {
        position = open + 1;
        continue;
      }
      position = tag.end;
      const { name, attributes } = tag;
      switch (name) {
        case "body":
          // Metadata lives in the head; a <title> in the body belongs to some SVG or widget.
          break scan;
        case "title": {
          const close = findEndTag(html, "title", position);
          titleText ??= html.slice(position, close);
          position = close;
          break;
        }
        case "meta": {
          const key = (attributes.get("property") ?? attributes.get("name"))?.trim().toLowerCase();
          const content = attributes.get("content");
          if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
          break;
        }
        case "link": {
          const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
          const href = attributes.get("href");
          if (href === undefined) break;
          if (rel.includes("icon")) icon ??= href;
          else if (rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed")) touchIcon ??= href;
          break;
        }
        case "base":
          baseHref ??= attributes.get("href");
          break;
        default:
          if (RAW_TEXT_ELEMENTS.has(name)) position = findEndTag(html, name, position);
      }
    }
  }

  const base = (baseHref !== undefined && resolveWebUrl(baseHref, pageUrl)) || pageUrl;
  const iconHref = icon ?? touchIcon;
  return {
    // An empty og:title falls back to the next source, hence one clean() per candidate.
    title:
      clean(meta.get("og:title"), MAX_TITLE_LENGTH) ??
      clean(meta.get("twitter:title"), MAX_TITLE_LENGTH) ??
      clean(titleText, MAX_TITLE_LENGTH, decodeHTML),
    description:
      cleanDescription(meta.get("og:description")) ??
      cleanDescription(meta.get("twitter:description")) ??
      cleanDescription(meta.get("description")),
    siteName: clean(meta.get("og:site_name"), MAX_SITE_NAME_LENGTH),
    faviconUrl: iconHref === undefined ? null : resolveWebUrl(iconHref, base),
  };
}
