// What the extractor does to a page's DOM before Readability reads it (decisions 0332, 0333).
// Plain JavaScript: it runs in the extractor child process.

/**
 * The address the page's relative URLs resolve against: its first `<base href>`, resolved against
 * `pageUrl`, when that is http(s); else the page's own address. The element is rewritten to that
 * absolute address (or removed), so that Readability, which resolves the article's links and images
 * against the document's base, resolves them as a browser would.
 * @param {Document} document
 * @param {string} pageUrl
 * @returns {string}
 */
export function applyPageBase(document, pageUrl) {
  const base = document.querySelector("base[href]");
  if (!base) return pageUrl;
  let resolved = null;
  try {
    // An empty href (the selector's only other match) is the page's own address.
    const url = new URL((base.getAttribute("href") ?? "").trim(), pageUrl);
    if (url.protocol === "http:" || url.protocol === "https:") resolved = url.href;
  } catch {
    resolved = null;
  }
  if (resolved === null) {
    base.remove();
    return pageUrl;
  }
  base.setAttribute("href", resolved);
  return resolved;
}

/** @param {Element} source */
function usableSource(source) {
  const type = source.getAttribute("type");
  return Boolean(source.getAttribute("srcset")) && (!type || type.startsWith("image/"));
}

/**
 * Gives each `<picture>`'s image without a srcset of its own the picture's sources (the one for any
 * viewport, else the first), since the sanitiser keeps the image and drops the `<source>` elements.
 * @param {Document} document
 * @returns {void}
 */
export function applyPictureSources(document) {
  for (const picture of document.querySelectorAll("picture")) {
    const image = picture.querySelector("img");
    if (!image || image.getAttribute("srcset") || image.getAttribute("data-srcset")) continue;
    const sources = [...picture.querySelectorAll("source")].filter(usableSource);
    const chosen = sources.find((source) => !source.getAttribute("media")) ?? sources[0];
    const srcset = chosen?.getAttribute("srcset");
    if (srcset) image.setAttribute("srcset", srcset);
  }
}
