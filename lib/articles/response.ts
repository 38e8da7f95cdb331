import type { z } from "zod";
import type { Article } from "@/lib/generated/prisma/client";
import type { articleAnswer } from "@/lib/articles/schemas";
import { UNAVAILABLE_REASONS } from "@/lib/articles/unavailable-reasons.mjs";

// The one JSON shape of an article (GET /api/links/{id}/article), built here and nowhere else.
// Pure: the reader's components import its types.

/** Fetches that may fail before the reader stops retrying and calls the article unavailable. */
export const MAX_FETCH_FAILURES = 3;

/** An article as the API answers it (its schema: articleAnswer). */
export type ArticleResponse = z.output<typeof articleAnswer>;

export type ReadyArticle = Extract<ArticleResponse, { status: "ready" }>;

/**
 * An article's fields, written once in its schema: the reader gets them, the extractor produces them
 * (with the plain text, lib/articles/extract.ts) and the row stores them.
 */
export type ArticleFields = Omit<ReadyArticle, "status">;

/** Why the page is not shown as an article (decision 0300); null for articles stored before reasons were. */
export type UnavailableArticle = Extract<ArticleResponse, { status: "unavailable" }>;

/**
 * A page Readability did not call an article (null: stored before reasons were, when that was the
 * only one): its owner may ask for its text anyway (decision 0334).
 */
export function isRefusedAsNotArticle(reason: string | null): boolean {
  return reason === null || reason === UNAVAILABLE_REASONS.notArticle;
}

/** The article was read from a PDF (decision 0415): the reader offers the PDF itself beside it. */
export const PDF_MIME_TYPE = "application/pdf";

/** Said of a page that did not answer MAX_FETCH_FAILURES fetches. */
export const UNANSWERED_REASON = "the page did not answer";

/** No row, or a page that failed fewer than MAX_FETCH_FAILURES times: pending. */
export function toArticleResponse(article: Article | null): ArticleResponse {
  if (!article || (article.status === "failed" && article.failures < MAX_FETCH_FAILURES)) return { status: "pending" };
  if (article.status === "failed") return { status: "unavailable", reason: UNANSWERED_REASON };
  if (article.status !== "ready" || article.contentHtml === null)
    return { status: "unavailable", reason: article.reason };
  return {
    status: "ready",
    title: article.title,
    byline: article.byline,
    siteName: article.siteName,
    excerpt: article.excerpt,
    lang: article.lang,
    dir: article.dir === "rtl" || article.dir === "ltr" ? article.dir : null,
    publishedTime: article.publishedTime,
    contentHtml: article.contentHtml,
    wordCount: article.wordCount ?? 0,
    readingMinutes: article.readingMinutes ?? 0,
    mimeType: article.mimeType,
  };
}
