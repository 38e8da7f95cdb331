import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { sanitizeArticleHtml } from "@/lib/articles/sanitize.mjs";

// A newsletter's HTML made into what the reader shows (decision 0328): the article allow-list
// (lib/articles/sanitize.mjs) after a first pass that drops what a mail client hides or never
// shows as text: the head, preview text hidden with CSS (visible once styles are gone), and
// tracking pixels (images of one pixel or none).

const HIDDEN_STYLE =
  /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden|mso-hide\s*:\s*all|max-height\s*:\s*0(px)?\s*(;|$))/i;
const WEB_VERSION_TEXT =
  /^\s*(view|read|open|see)\b.{0,30}\b(browser|online|on the web|web ?version|as a web ?page)\b|^\s*(web ?version|online version)\s*$/i;
// What a newsletter says of itself before its web version link when the link only says "click here":
// "Can't read this email?", "If this message does not display correctly", and the French of it.
const CANNOT_READ_TEXT =
  /(can'?t|cannot|unable to|trouble|problems?)\s+(read|view|see|display)|(not|n'?t)\s+display(ing|ed)?\s+(correctly|properly)|ne s'affiche pas( correctement)?/i;
const CLICK_HERE_TEXT = /^\s*((please\s+)?click\s+here|here|(cliquez|cliquer)\s+ici|ici)\s*[.!]?\s*$/i;
/** How much of the text before a link is read for what the link is. */
const TEXT_BEFORE_LINK = 80;

/**
 * Deeper than browsers build (their HTML parsers stop nesting at 512 levels) and far deeper than any
 * newsletter's tables; the HTML parser under the sanitiser slows with the square of the depth.
 */
export const MAX_HTML_DEPTH = 512;

const VOID_TAGS = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:"[^"]*"|'[^']*'|[^'">])*?(\/?)>/g;

/** How deep `html`'s elements nest, read from its tags in one pass (unclosed ones count as open). */
export function htmlDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name = "", selfClosing] of html.matchAll(TAG)) {
    if (VOID_TAGS.has(name.toLowerCase()) || selfClosing) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

type Frame = { tag: string; attribs: Record<string, string>; text: string };

function isTrackingPixel(attribs: Record<string, string>): boolean {
  const tiny = (value: string | undefined) => value !== undefined && /^\s*[01](px)?\s*$/i.test(value);
  const style = attribs.style ?? "";
  return (
    (tiny(attribs.width) && tiny(attribs.height)) ||
    /(^|;)\s*width\s*:\s*[01]px/i.test(style) ||
    /(^|;)\s*height\s*:\s*[01]px/i.test(style)
  );
}

function isHidden(frame: Frame): boolean {
  if (frame.tag === "head" || frame.tag === "title") return true;
  if (frame.attribs.hidden !== undefined || HIDDEN_STYLE.test(frame.attribs.style ?? "")) return true;
  return frame.tag === "img" && isTrackingPixel(frame.attribs);
}

/** A link of a newsletter: its address, its text and (some of) the text just before it. */
export type MailAnchor = { href: string; text: string; before?: string };

function saysWebVersion(anchor: MailAnchor): boolean {
  const text = anchor.text.replace(/\s+/g, " ");
  if (WEB_VERSION_TEXT.test(text) || CANNOT_READ_TEXT.test(text)) return true;
  // Only the sentence the link ends: "Can't read small print? Ask us. New range: click here" is a shop link.
  const sentence =
    (anchor.before ?? "")
      .replace(/[.!\s]+$/, "")
      .split(/[.!]/)
      .pop() ?? "";
  return CLICK_HERE_TEXT.test(text) && CANNOT_READ_TEXT.test(sentence.replace(/\s+/g, " "));
}

/**
 * The "view in browser" link of a newsletter: the first http(s) link whose text says so, or says
 * "click here" just after the newsletter said it may not read well.
 */
export function findWebVersionUrl(anchors: ReadonlyArray<MailAnchor>): string | null {
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

/** The text of sanitised HTML, a line break after each block, for search and word counts. */
export function htmlText(html: string): string {
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
  return text
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ ?\n[ \n]*/g, "\n")
    .trim();
}

export type NewsletterHtml = { contentHtml: string; webVersionUrl: string | null };

/**
 * The newsletter's HTML as the reader shows it, and its "view in browser" link when it has one.
 * `baseUrl` resolves relative links (a mail has none that mean anything; the web version's address
 * when known); `appOrigin` is LinkStash's own, whose links and images are dropped.
 */
export function newsletterHtml(html: string, baseUrl: string, appOrigin: string): NewsletterHtml {
  const anchors: MailAnchor[] = [];
  // The text read so far, and what it was where each link began (by the link's attributes, which the
  // sanitiser hands to onOpenTag and keeps as its frame's: misnested links never mix them up).
  let textSoFar = "";
  const textBeforeLink = new WeakMap<Record<string, string>, string>();
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
  return { contentHtml: sanitizeArticleHtml(shown, baseUrl, appOrigin), webVersionUrl: findWebVersionUrl(anchors) };
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** A plain-text mail as HTML: a paragraph per blank-line-separated block, its addresses as links. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => {
      const linked = escapeHtml(block).replace(
        /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g,
        (url) => `<a href="${url}">${url}</a>`,
      );
      return `<p>${linked.replaceAll("\n", "<br>")}</p>`;
    })
    .join("\n");
}
