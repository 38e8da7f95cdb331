// A PDF read in the extractor child (decision 0415): pdf.js's legacy Node build, its worker in this
// same process (pdf.js runs its "fake worker" where there are no web workers, as in Node), no font
// faces and no eval, only the text content of each page and the document's metadata. The child's
// limits hold (its heap and the pool's time limit); the page count is checked before any page is read.
// pdf.js is loaded by the child's first PDF, not at its start: loaded, it holds about 30 MB more of
// every child's memory, which a server that never reads a PDF should not pay.
import { linesOf, pdfArticle, pdfTitle, textItemOf } from "./pdf-text.mjs";
import { sanitizeArticleHtml } from "./sanitize.mjs";
import { UNAVAILABLE_REASONS } from "./unavailable-reasons.mjs";

/** @import { ExtractorPdf } from "./extractor-pool" */
/** @import { PdfLine, PdfTextItem } from "./pdf-text.mjs" */

/**
 * `value` when it is a string, else null (pdf.js's metadata is typed loosely).
 * @param {unknown} value
 * @returns {string | null}
 */
const stringOr = (value) => (typeof value === "string" ? value : null);

/**
 * The PDF's article, or why there is none: more pages than `maxPages`, or no text at all (a
 * scanned document is images only). Answered in the shape of an HTML page's (the pool checks it).
 * @param {ExtractorPdf} pdf
 */
export async function readPdf({ bytes, url, appOrigin, maxPages }) {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    // pdf.js refuses a Buffer (what the channel hands over when the server sent one): the same bytes, viewed plainly.
    data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    disableFontFace: true,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    if (document.numPages > maxPages) return { readerable: false, reason: UNAVAILABLE_REASONS.pdfTooManyPages };
    /** @type {PdfLine[][]} */
    const pages = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      /** @type {PdfTextItem[]} */
      const items = [];
      for (const item of content.items) {
        const read = textItemOf(item);
        if (read) items.push(read);
      }
      pages.push(linesOf(items));
      // The page's parsed content and fonts are not needed again.
      page.cleanup();
    }
    const { html, text } = pdfArticle(pages);
    if (!text.trim()) return { readerable: false, reason: UNAVAILABLE_REASONS.pdfImagesOnly };
    const { info, metadata } = await document.getMetadata();
    const infoTitle = typeof info === "object" && info !== null && "Title" in info ? stringOr(info.Title) : null;
    /** @type {unknown} */
    const xmpTitle = metadata?.get("dc:title");
    const language = typeof info === "object" && info !== null && "Language" in info ? stringOr(info.Language) : null;
    return {
      readerable: true,
      title: pdfTitle({ infoTitle, xmpTitle: stringOr(xmpTitle), firstPage: pages[0] ?? [] }),
      byline: null,
      siteName: null,
      excerpt: null,
      lang: language,
      dir: null,
      publishedTime: null,
      content: sanitizeArticleHtml(html, url, appOrigin, url),
      textContent: text,
    };
  } finally {
    await document.destroy();
  }
}
