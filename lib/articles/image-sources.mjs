// Which address an article's image is shown from (decision 0332): a page's lazy or responsive image
// often has no usable `src` (a placeholder, or only `srcset`/`data-src`), and the reader shows only
// https images (the pages' policy allows no other scheme; http ones are upgraded). Plain JavaScript:
// the sanitiser, in the extractor child process, uses it.

/** @typedef {{ width: number } | { density: number }} SrcsetDescriptor */
/** @typedef {{ url: string } & SrcsetDescriptor} SrcsetCandidate */

/** The width a `w` candidate may have to be the image's `src`: the reader's column at 2x density. */
export const PREFERRED_MAX_WIDTH = 1600;
/** The density an `x` candidate may have to be the image's `src`. */
export const PREFERRED_MAX_DENSITY = 2;

/**
 * `value` resolved against `base` as an https address: an http one is upgraded, any other scheme
 * (data:, javascript:, relative without a base) gives null.
 * @param {string | null | undefined} value
 * @param {string} base
 * @returns {URL | null}
 */
export function secureImageUrl(value, base) {
  if (!value || !value.trim()) return null;
  let url;
  try {
    url = new URL(value.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol === "http:") url.protocol = "https:";
  return url.protocol === "https:" ? url : null;
}

/**
 * One candidate's descriptor: `{ width }`, `{ density }`, or null when it is not one the rules allow.
 * @param {string} text
 * @returns {SrcsetDescriptor | null}
 */
function descriptor(text) {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { density: 1 };
  // A height descriptor may follow a width one; only the width chooses.
  const [first = "", second] = parts;
  if (parts.length > 2 || (second !== undefined && !/^\d+h$/.test(second))) return null;
  if (/^\d+w$/.test(first)) {
    const width = Number(first.slice(0, -1));
    return width > 0 ? { width } : null;
  }
  if (second === undefined && /^\d+(\.\d+)?x$/.test(first)) {
    const density = Number(first.slice(0, -1));
    return density > 0 ? { density } : null;
  }
  return null;
}

/**
 * The candidates of a `srcset` attribute, in order, after the HTML standard's parsing: an address
 * runs to the next whitespace (it may hold commas), then its descriptors to the next comma.
 * Candidates with a malformed descriptor are left out.
 * @param {string | null | undefined} value
 * @returns {SrcsetCandidate[]}
 */
export function parseSrcset(value) {
  /** @type {SrcsetCandidate[]} */
  const candidates = [];
  const text = value ?? "";
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /[\s,]/.test(text.charAt(i))) i += 1;
    if (i >= text.length) break;
    const start = i;
    while (i < text.length && !/\s/.test(text.charAt(i))) i += 1;
    let url = text.slice(start, i);
    let described = "";
    if (url.endsWith(",")) {
      url = url.replace(/,+$/, "");
    } else {
      const from = i;
      let depth = 0;
      while (i < text.length && (text[i] !== "," || depth > 0)) {
        if (text[i] === "(") depth += 1;
        if (text[i] === ")") depth = Math.max(0, depth - 1);
        i += 1;
      }
      described = text.slice(from, i);
      i += 1;
    }
    const parsed = descriptor(described);
    if (url && parsed) candidates.push({ url, ...parsed });
  }
  return candidates;
}

/**
 * The candidates of `value` the reader may show: resolved against `base`, https (http upgraded),
 * and accepted by `allow` (the sanitiser refuses the app's own host).
 * @param {string | null | undefined} value
 * @param {string} base
 * @param {(url: URL) => boolean} [allow]
 * @returns {SrcsetCandidate[]}
 */
export function safeCandidates(value, base, allow = () => true) {
  return parseSrcset(value).flatMap((candidate) => {
    const url = secureImageUrl(candidate.url, base);
    // A trailing comma would end the address early when the attribute is read again.
    if (!url || url.href.endsWith(",") || !allow(url)) return [];
    return [{ ...candidate, url: url.href }];
  });
}

/**
 * Candidates written back as a `srcset` attribute.
 * @param {SrcsetCandidate[]} candidates
 * @returns {string}
 */
export function serializeSrcset(candidates) {
  return candidates
    .map((candidate) =>
      "width" in candidate ? `${candidate.url} ${candidate.width}w` : `${candidate.url} ${candidate.density}x`,
    )
    .join(", ");
}

/**
 * The candidate to show as the image's `src` when it has none: the largest that fits the reader's
 * column at 2x (widths first), else the smallest there is; null when there are no candidates.
 * @param {SrcsetCandidate[]} candidates
 * @returns {SrcsetCandidate | null}
 */
export function chooseCandidate(candidates) {
  const widths = candidates.filter((candidate) => "width" in candidate);
  const pool = widths.length > 0 ? widths : candidates;
  /** @type {(candidate: SrcsetCandidate) => number} */
  const size = (candidate) => ("width" in candidate ? candidate.width : candidate.density);
  const limit = widths.length > 0 ? PREFERRED_MAX_WIDTH : PREFERRED_MAX_DENSITY;
  const fitting = pool.filter((candidate) => size(candidate) <= limit);
  if (fitting.length > 0) return fitting.reduce((best, candidate) => (size(candidate) > size(best) ? candidate : best));
  if (pool.length === 0) return null;
  return pool.reduce((best, candidate) => (size(candidate) < size(best) ? candidate : best));
}
