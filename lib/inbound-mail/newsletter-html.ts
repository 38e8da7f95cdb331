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

/** The "view in browser" link of a newsletter: the first http(s) link whose text says so. */
export function findWebVersionUrl(anchors: ReadonlyArray<{ href: string; text: string }>): string | null {
  for (const anchor of anchors) {
    if (!WEB_VERSION_TEXT.test(anchor.text.replace(/\s+/g, " "))) continue;
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
  const anchors: { href: string; text: string }[] = [];
  const shown = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    // Nothing of this pass reaches a browser: the article allow-list runs on its output.
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => {
      if (isHidden(frame)) return true;
      if (frame.tag === "a" && frame.attribs.href) anchors.push({ href: frame.attribs.href, text: frame.text });
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
