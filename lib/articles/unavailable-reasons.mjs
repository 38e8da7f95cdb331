// Why a page is not shown as an article (decision 0300), stored with it and said in the reader.
// Plain JavaScript: the extractor child process says most of them, and Node starts it without the
// app's bundler. Object.freeze keeps each reason's literal type, read-only.
export const UNAVAILABLE_REASONS = Object.freeze({
  /** Readability found no article in it. */
  notArticle: "not an article",
  /** Over the element or nesting budget: refused before any DOM was built. */
  tooComplex: "too complex to read",
  /** Its extractor ran out of heap and died. */
  tooLarge: "too large to read",
  /** Its extractor ran out of time and was killed. */
  tooSlow: "took too long",
  /** Its owner asked for its text anyway, and Readability found none. */
  noText: "no text was found in it",
  /** A PDF without any text: a scanned document's pages are pictures (decision 0415). */
  pdfImagesOnly: "this PDF holds only images",
  /** A PDF longer than the most bytes read for one (decision 0415): cut short, it could not be read. */
  pdfTooLarge: "this PDF is too large to read",
  /** A PDF with more pages than are read (decision 0415). */
  pdfTooManyPages: "this PDF has too many pages to read",
  /** Anything else went wrong while reading it. */
  failed: "could not be read",
});

/** @typedef {(typeof UNAVAILABLE_REASONS)[keyof typeof UNAVAILABLE_REASONS]} UnavailableReason */
