import "server-only";
import { countWords, readingMinutes } from "@/lib/articles/reading-time";
import { runReadability } from "@/lib/articles/run-readability";
import { sanitizeArticleHtml } from "@/lib/articles/sanitize";

// A page's article as LinkStash stores it: Readability's reading, sanitised, its text normalised
// and capped (decision 0260).

/** Stored plain text, at most (UTF-8 bytes); the search index and the word count read this text. */
export const MAX_ARTICLE_TEXT_BYTES = 500 * 1024;
/** Stored HTML, at most; a longer article is stored as paragraphs of its (capped) text instead. */
export const MAX_ARTICLE_HTML_BYTES = 2 * 1024 * 1024;
const MAX_FIELD_LENGTH = 1_000;

export type ExtractedArticle = {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  excerpt: string | null;
  lang: string | null;
  dir: "ltr" | "rtl" | null;
  publishedTime: string | null;
  contentHtml: string;
  textContent: string;
  wordCount: number;
  readingMinutes: number;
};

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

function field(value: string | null): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text.slice(0, MAX_FIELD_LENGTH) : null;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The article in the page `html` fetched from `url`, or null when the page is not an article.
 * Rejects when extraction fails (the worker ran out of time or memory).
 */
export async function extractArticle(html: string, url: string): Promise<ExtractedArticle | null> {
  const result = await runReadability(html);
  if (!result.readerable) return null;
  const textContent = capText(normaliseText(result.textContent), MAX_ARTICLE_TEXT_BYTES);
  if (!textContent) return null;
  const sanitised = sanitizeArticleHtml(result.content, url);
  const contentHtml =
    Buffer.byteLength(sanitised) <= MAX_ARTICLE_HTML_BYTES
      ? sanitised
      : textContent
          .split("\n\n")
          .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
          .join("\n");
  const wordCount = countWords(textContent);
  return {
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
  };
}
