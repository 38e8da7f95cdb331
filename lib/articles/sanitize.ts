import sanitizeHtml, { type IOptions } from "sanitize-html";

// The allow-list every stored article passes (decision 0260): structure, text and images only. No
// scripts, styles, event handlers, forms, frames or embeds; links only to http(s) and mailto;
// images only from http(s), lazy and without a referrer, so the article's site learns nothing of
// the reader. Relative URLs are resolved against the page's own address.

const ALLOWED_TAGS = [
  ..."p br hr h1 h2 h3 h4 h5 h6 blockquote pre code em strong b i u s del ins sub sup small mark".split(" "),
  ..."abbr cite q dfn kbd samp var time ul ol li dl dt dd figure figcaption img a span div".split(" "),
  ..."section article header footer aside details summary table thead tbody tfoot tr th td caption".split(" "),
];

function absolute(value: string | undefined, base: string, schemes: readonly string[]): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return schemes.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function options(baseUrl: string): IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      "*": ["lang", "dir", "title"],
      a: ["href", "rel"],
      img: ["src", "alt", "width", "height", "loading", "referrerpolicy"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan", "scope"],
      ol: ["start", "reversed"],
      time: ["datetime"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    // Their text is code or fallback, never article text.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
    transformTags: {
      a: (tagName, attribs) => {
        const href = absolute(attribs.href, baseUrl, ["http:", "https:", "mailto:"]);
        return {
          tagName,
          attribs: href ? { href, rel: "noopener noreferrer nofollow", ...lang(attribs) } : lang(attribs),
        };
      },
      img: (tagName, attribs) => {
        const src = absolute(attribs.src, baseUrl, ["http:", "https:"]);
        return {
          tagName,
          attribs: {
            ...(src ? { src } : {}),
            alt: attribs.alt ?? "",
            ...(attribs.width ? { width: attribs.width } : {}),
            ...(attribs.height ? { height: attribs.height } : {}),
            loading: "lazy",
            referrerpolicy: "no-referrer",
          },
        };
      },
    },
    // An image whose address did not survive shows nothing: drop it.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  };
}

function lang(attribs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).filter(([name]) => name === "lang" || name === "dir"));
}

/** `html` (an article Readability extracted from the page at `baseUrl`) through the allow-list. */
export function sanitizeArticleHtml(html: string, baseUrl: string): string {
  return sanitizeHtml(html, options(baseUrl));
}
