// The allow-list every stored article passes (decision 0260): structure, text and images only. No
// scripts, styles, event handlers, forms, frames or embeds (a video's player becomes a link to the
// video, decision 0401); links only to http(s) and mailto; images only from http(s), lazy and
// without a referrer, so the article's site learns nothing of the reader. Relative URLs are resolved against the page's own address (or its <base>). Images and
// links that point at LinkStash's own host are dropped (a link's text stays, in a span): shown in the
// reader, they would be requests to the app with the reader's cookies. An image's address comes from
// its lazy-loading attributes or srcset when it has no usable src, https only (decision 0332); ids
// are kept namespaced and in-page links point at them (decision 0333).
// Plain JavaScript: it runs in the extractor child process, which Node starts from its file without
// the app's bundler (decision 0300).
import sanitizeHtml from "sanitize-html";

/** @import { Attributes, IOptions, Tag } from "sanitize-html" */
import { chooseCandidate, safeCandidates, secureImageUrl, serializeSrcset } from "./image-sources.mjs";
import { inPageFragment, inPageHref, linkTargets, namespacedId } from "./in-page-links.mjs";
import { videoLink } from "./video-embeds.mjs";

const ALLOWED_TAGS = [
  ..."p br hr h1 h2 h3 h4 h5 h6 blockquote pre code em strong b i u s del ins sub sup small mark".split(" "),
  ..."abbr cite q dfn kbd samp var time ul ol li dl dt dd figure figcaption img a span div".split(" "),
  ..."section article header footer aside details summary table thead tbody tfoot tr th td caption".split(" "),
];

// MathML Core's presentation elements (decision 0402): Chromium draws them natively, and none of
// them loads anything or runs code. No annotation-xml (it may carry HTML), no href, no style.
const MATH_TAGS = [
  ..."math semantics annotation mrow mi mn mo ms mtext mspace mfrac msqrt mroot msub msup msubsup".split(" "),
  ..."munder mover munderover mmultiscripts mprescripts none mtable mtr mtd mpadded mphantom mstyle merror".split(" "),
];
/** Presentation attributes only: sizes, variants and flags, none of them an address. */
const MATH_ATTRIBUTES = [
  ..."display displaystyle scriptlevel mathvariant dir stretchy fence separator lspace rspace form largeop".split(" "),
  ..."movablelimits accent accentunder symmetric minsize maxsize linethickness width height depth".split(" "),
  ..."columnspan rowspan columnalign rowalign voffset alttext encoding".split(" "),
];

/**
 * `value` resolved against `base`, when its scheme is one of `schemes`.
 * @param {string | undefined} value
 * @param {string} base
 * @param {string[]} schemes
 */
function absolute(value, base, schemes) {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return schemes.includes(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

// Their text is code or fallback, never article text.
// annotation-xml is dropped with all it holds (it may carry HTML).
const NON_TEXT_TAGS = [
  ..."script style textarea option noscript iframe object embed template".split(" "),
  "annotation-xml",
];

/** Where lazy-loading scripts keep an image's real address, most common first. */
const LAZY_SOURCES = ["data-src", "data-original", "data-lazy-src", "data-url"];
const LAZY_SRCSETS = ["data-srcset", "data-lazy-srcset"];

/** @param {Attributes} attribs */
function lang(attribs) {
  return Object.fromEntries(
    Object.entries(attribs).filter(([name]) => name === "lang" || name === "dir" || name === "id"),
  );
}

/**
 * A URL's host as a browser's cookies see it: the WHATWG parser has already lower-cased it,
 * percent-decoded it ("%2e" is a dot), mapped it to ASCII (IDN) and canonicalised an IP address; a
 * trailing dot (a fully qualified name, the same host) is dropped here.
 * @param {URL} url
 * @returns {string}
 */
export function canonicalHostname(url) {
  return url.hostname.replace(/\.+$/, "");
}

// By host name, whatever the scheme or port: the browser sends the app's cookies to all of them.
/**
 * @param {URL} url
 * @param {string} appHost
 */
function isOwnHost(url, appHost) {
  return url.protocol !== "mailto:" && canonicalHostname(url) === appHost;
}

/**
 * @param {string} baseUrl
 * @param {string} appOrigin
 * @param {string} pageUrl
 * @param {Set<string>} targets
 * @returns {IOptions}
 */
function options(baseUrl, appOrigin, pageUrl, targets) {
  const appHost = canonicalHostname(new URL(appOrigin));
  const notOwn = (/** @type {URL} */ url) => !isOwnHost(url, appHost);
  return {
    allowedTags: [...ALLOWED_TAGS, ...MATH_TAGS],
    allowedAttributes: {
      ...Object.fromEntries(MATH_TAGS.map((tag) => [tag, MATH_ATTRIBUTES])),
      "*": ["lang", "dir", "title", "id"],
      a: ["href", "rel"],
      img: ["src", "srcset", "alt", "width", "height", "loading", "referrerpolicy"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan", "scope"],
      ol: ["start", "reversed"],
      time: ["datetime"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: NON_TEXT_TAGS,
    transformTags: {
      a: (tagName, attribs) => {
        // An anchor's name is its id (a fragment reaches either), namespaced below with the others.
        const withId = { ...attribs, ...(attribs.id || !attribs.name ? {} : { id: attribs.name }) };
        const fragment = inPageFragment(attribs.href, [pageUrl, baseUrl]);
        const jump = fragment === null ? null : inPageHref(fragment, targets);
        if (jump) return { tagName, attribs: { href: jump, ...lang(withId) } };
        const href = absolute(attribs.href, baseUrl, ["http:", "https:", "mailto:"]);
        // A plain span keeps the text. (Renamed to a tag outside the allow-list, sanitize-html would
        // drop it and keep the text too, but it then closes the next link with the wrong name.)
        if (href && isOwnHost(href, appHost)) return { tagName: "span", attribs: lang(withId) };
        return {
          tagName,
          attribs: href ? { href: href.href, rel: "noopener noreferrer nofollow", ...lang(withId) } : lang(withId),
        };
      },
      /**
       * A video's player becomes a link to the video (no frame is ever kept).
       * @returns {Tag}
       */
      iframe: (tagName, attribs) => {
        const video = videoLink(attribs.src ?? attribs["data-src"], attribs.title, baseUrl);
        if (!video) return { tagName, attribs: {} };
        return { tagName: "a", attribs: { href: video.href, rel: "noopener noreferrer nofollow" }, text: video.text };
      },
      img: (tagName, attribs) => {
        const lazySrcset = LAZY_SRCSETS.map((name) => attribs[name]).find(Boolean);
        const candidates = safeCandidates(lazySrcset ?? attribs.srcset, baseUrl, notOwn);
        // A lazy image's src is a placeholder: its real address wins.
        const declared = [...LAZY_SOURCES.map((name) => attribs[name]), attribs.src]
          .map((value) => secureImageUrl(value, baseUrl))
          .find((url) => url !== null && notOwn(url));
        const src = declared?.href ?? chooseCandidate(candidates)?.url;
        return {
          tagName,
          attribs: {
            ...(src ? { src } : {}),
            ...(src && candidates.length > 0 ? { srcset: serializeSrcset(candidates) } : {}),
            ...(attribs.id ? { id: attribs.id } : {}),
            alt: attribs.alt ?? "",
            ...(attribs.width ? { width: attribs.width } : {}),
            ...(attribs.height ? { height: attribs.height } : {}),
            loading: "lazy",
            referrerpolicy: "no-referrer",
          },
        };
      },
      // After the tags' own transforms: every kept id is namespaced, whichever tag holds it.
      "*": (tagName, attribs) => ({
        tagName,
        attribs: attribs.id ? { ...attribs, id: namespacedId(attribs.id) } : attribs,
      }),
    },
    // An image whose address did not survive shows nothing: drop it.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  };
}

/**
 * `html` (an article Readability extracted from the page at `pageUrl`, whose relative addresses
 * resolve against `baseUrl`: its <base>, or the page itself) through the allow-list; `appOrigin` is
 * LinkStash's own origin, whose images and links are dropped.
 * @param {string} html
 * @param {string} baseUrl
 * @param {string} appOrigin
 * @param {string} [pageUrl]
 * @returns {string}
 */
export function sanitizeArticleHtml(html, baseUrl, appOrigin, pageUrl = baseUrl) {
  const targets = linkTargets(html, [...ALLOWED_TAGS, ...MATH_TAGS], NON_TEXT_TAGS);
  return sanitizeHtml(html, options(baseUrl, appOrigin, pageUrl, targets));
}
