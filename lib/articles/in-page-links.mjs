// In-page links of an article (decision 0333): footnotes and tables of contents jump within the
// article in the reader. The article's ids are namespaced so that none can clash with the app's own
// (the prefix DOMPurify's SANITIZE_NAMED_PROPS uses), and its `#` links are rewritten to match.
// Plain JavaScript: the sanitiser, in the extractor child process, uses it.
import { Parser } from "htmlparser2";

export const ID_PREFIX = "user-content-";

/**
 * An article's id as the reader's page holds it.
 * @param {string} id
 * @returns {string}
 */
export function namespacedId(id) {
  return `${ID_PREFIX}${id}`;
}

/** @param {string} fragment */
function decoded(fragment) {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** @param {URL} url */
function withoutHash(url) {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy.href;
}

/**
 * The fragment `href` points at when it points within the page: a bare `#x`, or the page's own
 * address (or its `<base>`'s) with `#x`. Null for any other link, and for an empty fragment.
 * The fragment is returned as written in the address (percent-encoded), as a browser matches it
 * once decoded.
 * @param {string | null | undefined} href
 * @param {string[]} pageUrls
 * @returns {string | null}
 */
export function inPageFragment(href, pageUrls) {
  if (!href) return null;
  const trimmed = href.trim();
  if (trimmed.startsWith("#")) return trimmed.length > 1 ? trimmed.slice(1) : null;
  let url;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.hash.length <= 1) return null;
  const own = pageUrls.flatMap((page) => {
    try {
      return [withoutHash(new URL(page))];
    } catch {
      return [];
    }
  });
  return own.includes(withoutHash(url)) ? url.hash.slice(1) : null;
}

/**
 * The `#` link that reaches `fragment` in the reader, or null when the article has no such target.
 * @param {string} fragment
 * @param {Set<string>} targets
 * @returns {string | null}
 */
export function inPageHref(fragment, targets) {
  const target = decoded(fragment);
  return targets.has(target) ? `#${encodeURIComponent(namespacedId(target))}` : null;
}

/**
 * The ids (and anchors' names) of `html`'s elements a link may jump to: those of `tags`, outside
 * the elements whose content is dropped (`droppedTags`).
 * @param {string} html
 * @param {string[]} tags
 * @param {string[]} droppedTags
 * @returns {Set<string>}
 */
export function linkTargets(html, tags, droppedTags) {
  /** @type {Set<string>} */
  const targets = new Set();
  const allowed = new Set(tags);
  const dropped = new Set(droppedTags);
  let insideDropped = 0;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (dropped.has(name)) insideDropped += 1;
      if (insideDropped > 0 || !allowed.has(name)) return;
      if (attribs.id) targets.add(attribs.id);
      if (name === "a" && attribs.name) targets.add(attribs.name);
    },
    onclosetag(name) {
      if (dropped.has(name)) insideDropped = Math.max(0, insideDropped - 1);
    },
  });
  parser.end(html);
  return targets;
}
