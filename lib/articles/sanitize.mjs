// The allow-list every stored article passes (decision 0260): structure, text and images only. No
// scripts, styles, event handlers, forms, frames or embeds; links only to http(s) and mailto;
// images only from http(s), lazy and without a referrer, so the article's site learns nothing of
// the reader. Relative URLs are resolved against the page's own address. Images and links that
// point at LinkStash's own host are dropped (a link's text stays, in a span): shown in the reader, they
// would be requests to the app with the reader's cookies.
// Plain JavaScript (types in sanitize.d.mts): it runs in the extractor child process, which Node
// starts from its file without the app's bundler (decision 0300).
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = [
  ..."p br hr h1 h2 h3 h4 h5 h6 blockquote pre code em strong b i u s del ins sub sup small mark".split(" "),
  ..."abbr cite q dfn kbd samp var time ul ol li dl dt dd figure figcaption img a span div".split(" "),
  ..."section article header footer aside details summary table thead tbody tfoot tr th td caption".split(" "),
];

/** `value` resolved against `base`, when its scheme is one of `schemes`. */
function absolute(value, base, schemes) {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return schemes.includes(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

function lang(attribs) {
  return Object.fromEntries(Object.entries(attribs).filter(([name]) => name === "lang" || name === "dir"));
}

// By host name, whatever the scheme or port: the browser sends the app's cookies to all of them.
function isOwnHost(url, appHost) {
  return url.protocol !== "mailto:" && url.hostname === appHost;
}

function options(baseUrl, appOrigin) {
  const appHost = new URL(appOrigin).hostname;
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
        // A plain span keeps the text. (Renamed to a tag outside the allow-list, sanitize-html would
        // drop it and keep the text too, but it then closes the next link with the wrong name.)
        if (href && isOwnHost(href, appHost)) return { tagName: "span", attribs: lang(attribs) };
        return {
          tagName,
          attribs: href ? { href: href.href, rel: "noopener noreferrer nofollow", ...lang(attribs) } : lang(attribs),
        };
      },
      img: (tagName, attribs) => {
        const src = absolute(attribs.src, baseUrl, ["http:", "https:"]);
        return {
          tagName,
          attribs: {
            ...(src && !isOwnHost(src, appHost) ? { src: src.href } : {}),
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

/**
 * `html` (an article Readability extracted from the page at `baseUrl`) through the allow-list;
 * `appOrigin` is LinkStash's own origin, whose images and links are dropped.
 */
export function sanitizeArticleHtml(html, baseUrl, appOrigin) {
  return sanitizeHtml(html, options(baseUrl, appOrigin));
}
