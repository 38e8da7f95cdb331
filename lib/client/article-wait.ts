import { stringField } from "@/lib/client/json-fields";

// The reader waiting on a link's article (GET /api/links/:id/article): while it is being prepared,
// and after "Show the page's text anyway" asked for it again. Pure: the query hooks
// (components/reader/article-queries.ts) ask these when to check again and when to stop.

/** Between two checks of the article. */
export const ARTICLE_POLL_MS = 2_000;
/** About a minute of checks: the page is fetched and read within seconds unless the fetch keeps failing. */
export const ANYWAY_MAX_CHECKS = 30;
const NOT_ARTICLE = "not an article";

/** The fields of the article answer the reader waits on; undefined where the answer has none. */
export type ArticleReadiness = { status: string | undefined; reason: string | undefined };

export function readArticleAnswer(body: unknown): ArticleReadiness {
  return { status: stringField(body, "status"), reason: stringField(body, "reason") };
}

/** While an article is prepared: it is over once it is "ready" or "unavailable" (the page shows it, or why not). */
export function preparationOver(article: ArticleReadiness | undefined): boolean {
  return article?.status !== undefined && article.status !== "pending";
}

export type AnywayStep = "refresh" | "wait" | "give-up";

/**
 * After "Show the page's text anyway": what follows `checks` checks whose last answered `last`
 * (undefined: that check failed). The page is shown anew once the article is ready or unavailable
 * for another reason than not being an article; the wait ends after ANYWAY_MAX_CHECKS checks.
 */
export function anywayStep(checks: number, last: ArticleReadiness | undefined): AnywayStep {
  if (last?.status === "ready" || (last?.status === "unavailable" && last.reason !== NOT_ARTICLE)) return "refresh";
  return checks >= ANYWAY_MAX_CHECKS ? "give-up" : "wait";
}
