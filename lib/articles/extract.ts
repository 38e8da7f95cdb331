import "server-only";
import { countWords, readingMinutes } from "@/lib/articles/reading-time";
import { type ExtractorResult, runExtractor, runPdfExtractor } from "@/lib/articles/extractor-pool";
import { type ArticleFields, PDF_MIME_TYPE } from "@/lib/articles/response";
import { UNAVAILABLE_REASONS, type UnavailableReason } from "@/lib/articles/unavailable-reasons.mjs";
import { env } from "@/lib/env";

// A page's article as LinkStash stores it: Readability's reading, sanitised (both in an extractor
// child process, decision 0300), its text normalised and capped (decision 0260).

/** Stored plain text, at most (UTF-8 bytes); the search index and the word count read this text. */
export const MAX_ARTICLE_TEXT_BYTES = 500 * 1024;
/** Stored HTML, at most; a longer article is stored as paragraphs of its (capped) text instead. */
export const MAX_ARTICLE_HTML_BYTES = 2 * 1024 * 1024;
const MAX_FIELD_LENGTH = 1_000;
/**
 * A PDF's pages read at most (decision 0415): a book-length document is refused before any page is
 * read. 300 pages of a paper's text are about 150,000 words, far past what is stored of the text.
 */
export const PDF_MAX_PAGES = 300;

/** What the extractor stores: the fields the reader gets, and the plain text search reads. */
export type ExtractedArticle = ArticleFields & { textContent: string };

/** Paragraphs separated by a blank line, runs of spaces as one. */
export function normaliseText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
}

/** The longest start of `text` that fits in `maxBytes` of UTF-8, cut at a character boundary. */
export function capText(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  // Decoding a cut buffer replaces a split character with U+FFFD: drop it.
  return Buffer.from(text)
    .subarray(0, maxBytes)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
}

/** The page's article, or why it is not shown as one (the link stays a link). */
export type Extraction =
  { status: "ready"; article: ExtractedArticle } | { status: "unavailable"; reason: UnavailableReason };

function field(value: string | null): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text.slice(0, MAX_FIELD_LENGTH) : null;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The article in the page `html` fetched from `url`, or why there is none: not an article, over
 * the extractor's element or depth budget, or its child ran out of heap or time. Rejects only
 * when no extractor could be started. `anyway`: the owner asked for the text of a page Readability
 * does not call an article (decision 0334).
 */
export async function extractArticle(html: string, url: string, { anyway = false } = {}): Promise<Extraction> {
  return toExtraction(await runExtractor({ html, url, appOrigin: env.appOrigin, anyway }), "text/html");
}

/**
 * The article in the PDF `bytes` fetched from `url` (decision 0415), or why there is none: images
 * only, more than PDF_MAX_PAGES pages, or its child ran out of heap or time. Rejects as extractArticle.
 */
export async function extractPdf(bytes: Uint8Array, url: string): Promise<Extraction> {
  const result = await runPdfExtractor({ bytes, url, appOrigin: env.appOrigin, maxPages: PDF_MAX_PAGES });
  return toExtraction(result, PDF_MIME_TYPE);
}

/** The child's answer as the stored article: its text normalised and capped, its HTML capped. */
function toExtraction(result: ExtractorResult, mimeType: string): Extraction {
  if (!result.readerable) return { status: "unavailable", reason: result.reason };
  const textContent = capText(normaliseText(result.textContent), MAX_ARTICLE_TEXT_BYTES);
  if (!textContent) return { status: "unavailable", reason: UNAVAILABLE_REASONS.notArticle };
  const contentHtml =
    Buffer.byteLength(result.content) <= MAX_ARTICLE_HTML_BYTES
      ? result.content
      : textContent
          .split("\n\n")
          .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
          .join("\n");
  const wordCount = countWords(textContent);
  return {
    status: "ready",
    article: {
      title: field(result.title),
      byline: field(result.byline),
      siteName: field(result.siteName),
      excerpt: field(result.excerpt),
      lang: field(result.lang)?.slice(0, 35) ?? null,
      dir: result.dir === "rtl" || result.dir === "ltr" ? result.dir : null,
      publishedTime: field(result.publishedTime),
      contentHtml,
      textContent,
      wordCount,
      readingMinutes: readingMinutes(wordCount),
      mimeType,
    },
  };
}
