import "server-only";
import { articleAnswer, pendingArticleAnswer } from "@/lib/articles/schemas";
import { defineEndpoint, idParam } from "@/lib/http/contract";

// A link's article, under the link's path: read it, or have its page fetched again.

export const readArticleEndpoint = defineEndpoint({
  method: "get",
  path: "/api/links/{id}/article",
  tag: "links",
  summary: "Read a link's article",
  description:
    "`pending` until the page has been fetched (asking starts the fetch for a link that has none), then `ready` with the article or `unavailable` with the reason.",
  access: { token: "links:read" },
  params: idParam("link"),
  success: { status: 200, description: "The article, or where it stands.", schema: articleAnswer },
  errors: { 404: ["not_found"] },
});

export const refetchArticleEndpoint = defineEndpoint({
  method: "post",
  path: "/api/links/{id}/article",
  tag: "links",
  summary: "Fetch a link's article again",
  description: "The fetch runs after the answer; at most 10 per 10 minutes.",
  access: { token: "links:write" },
  params: idParam("link"),
  success: { status: 202, description: "The fetch is queued.", schema: pendingArticleAnswer },
  errors: { 404: ["not_found"], 429: ["rate_limited"] },
});

export const articleAnywayEndpoint = defineEndpoint({
  method: "post",
  path: "/api/links/{id}/article/anyway",
  tag: "links",
  summary: "Show a page's text anyway",
  description:
    "For a link whose article is `unavailable` because the page is `not an article`: the page is fetched again and its text extracted without that check, after the answer. Counted with the refetches (at most 10 per 10 minutes). Any other article state answers 409.",
  access: { token: "links:write" },
  params: idParam("link"),
  success: { status: 202, description: "The fetch is queued.", schema: pendingArticleAnswer },
  errors: { 404: ["not_found"], 409: ["conflict"], 429: ["rate_limited"] },
});

export const ARTICLE_ENDPOINTS = [readArticleEndpoint, refetchArticleEndpoint, articleAnywayEndpoint];
