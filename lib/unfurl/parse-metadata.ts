// Page metadata from HTML text (DESIGN §3 "Link titles"). Pure.
// A small linear scanner rather than an HTML parser dependency: it only reads the head's <title>,
// <meta>, <link> and <base>, and it must stay linear on hostile input (no backtracking regexes over
// the whole page).

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

// HTML 4 Latin-1 entities, in code point order from U+00A0.
const LATIN1_ENTITIES =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot " +
  "cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml " +
  "Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig " +
  "agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute " +
  "ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml";

const NAMED_ENTITIES = new Map<string, string>([
  ...LATIN1_ENTITIES.split(" ").map((name, index): [string, string] => [name, String.fromCodePoint(0xa0 + index)]),
  ["amp", "&"],
  ["lt", "<"],
  ["gt", ">"],
  ["quot", '"'],
  ["apos", "'"],
  ["ndash", "\u2013"],
  ["mdash", "\u2014"],
  ["lsquo", "\u2018"],
  ["rsquo", "\u2019"],
  ["sbquo", "\u201a"],
  ["ldquo", "\u201c"],
  ["rdquo", "\u201d"],
  ["bdquo", "\u201e"],
  ["lsaquo", "\u2039"],
  ["rsaquo", "\u203a"],
  ["hellip", "\u2026"],
  ["bull", "\u2022"],
  ["dagger", "\u2020"],
  ["Dagger", "\u2021"],
  ["permil", "\u2030"],
  ["trade", "\u2122"],
  ["euro", "\u20ac"],
  ["OElig", "\u0152"],
  ["oelig", "\u0153"],
  ["Scaron", "\u0160"],
  ["scaron", "\u0161"],
  ["Yuml", "\u0178"],
  ["ensp", "\u2002"],
  ["emsp", "\u2003"],
  ["thinsp", "\u2009"],
  ["zwnj", "\u200c"],
  ["zwj", "\u200d"],
  ["lrm", "\u200e"],
  ["rlm", "\u200f"],
]);

// Bytes 0x80-0x9F of Windows-1252; numeric references to them mean these characters too (HTML's
// rule). Unlisted ones stay as they are.
const WINDOWS_1252: Record<number, number> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
};

/** C1 control characters read as the Windows-1252 characters they almost always are. */
export function windows1252Controls(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (char) =>
    String.fromCodePoint(WINDOWS_1252[char.charCodeAt(0)] ?? char.charCodeAt(0)),
  );
}

function fromCharacterReference(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(WINDOWS_1252[code] ?? code);
}

// Named references need their ";" so that "?a=1&copy=2" in a URL stays intact.
const ENTITY = /&(?:#x([0-9a-f]{1,8});?|#([0-9]{1,8});?|([a-z][a-z0-9]{1,31});)/gi;

export function decodeEntities(text: string): string {
  return text.replace(
    ENTITY,
    (match, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
      if (hex !== undefined) return fromCharacterReference(Number.parseInt(hex, 16));
      if (decimal !== undefined) return fromCharacterReference(Number.parseInt(decimal, 10));
      return (name !== undefined && NAMED_ENTITIES.get(name)) || match;
    },
  );
}

/** Decoded text on one line, cut to `max` UTF-16 units without splitting a surrogate pair; null when empty. */
function clean(raw: string | undefined, max: number): string | null {
  if (raw === undefined) return null;
  const text = decodeEntities(raw)
    .replace(/[\s\u0000-\u001f\u007f]+/g, " ")
    .trim();
  if (text === "") return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
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
      clean(titleText, MAX_TITLE_LENGTH),
    description:
      clean(meta.get("og:description"), MAX_DESCRIPTION_LENGTH) ??
      clean(meta.get("twitter:description"), MAX_DESCRIPTION_LENGTH) ??
      clean(meta.get("description"), MAX_DESCRIPTION_LENGTH),
    siteName: clean(meta.get("og:site_name"), MAX_SITE_NAME_LENGTH),
    faviconUrl: iconHref === undefined ? null : resolveWebUrl(iconHref, base),
  };
}
