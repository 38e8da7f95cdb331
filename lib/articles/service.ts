import "server-only";
import { type ExtractedArticle, type Extraction, extractArticle, extractPdf } from "@/lib/articles/extract";
import { createPageWorkRunner, releaseDeadClaims } from "@/lib/articles/page-work";
import { MAX_PAGE_WORK_ATTEMPTS } from "@/lib/articles/page-work-limits";
import {
  articleOfLink,
  owePageWork,
  ownLinkRef,
  ownLinkWithArticle,
  type PageJob,
  recordArticleFailure,
  storeArticle,
} from "@/lib/articles/queries";
import { UNAVAILABLE_REASONS } from "@/lib/articles/unavailable-reasons.mjs";
import { type ArticleResponse, isRefusedAsNotArticle, toArticleResponse } from "@/lib/articles/response";
import type { Reservation } from "@/lib/articles/work-slots";
import { isMailOnlyUrl } from "@/lib/inbound-mail/mail-url";
import { isRecordId } from "@/lib/db/input";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/errors";
import { logJobError } from "@/lib/log/log";
import { enforceRateLimits, userAndIpChecks } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { storeLinkMetadata } from "@/lib/links/metadata";
import { recordFirstOpen } from "@/lib/links/queries";
import { MEMORY_BUDGET } from "@/lib/memory/budget";
import { fetchArticleSource, type FetchedSource, MAX_PAGE_BYTES } from "@/lib/unfurl/fetch-page";
import { MAX_TITLE_LENGTH, parseMetadata } from "@/lib/unfurl/parse-metadata";

// Articles of saved links (decision 0260): fetched once after a save (with the title), and again
// when the reader opens a link that has none yet (saved before this feature, imported, or whose page
// did not answer) or asks for a refresh. Requests only record the fetch as owed (decision 0301); the
// page-work runner does it later, within its bounds. Imports never extract: thousands of fetches.

export const ARTICLE_RATE_LIMITS = {
  perUser: { name: "article-extract:user", limit: 10, windowSeconds: 10 * 60 },
  perIp: { name: "article-extract:ip", limit: 60, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

export const ARTICLE_RATE_LIMITED_MESSAGE = "You are refreshing articles too quickly. Please wait a few minutes.";

type LinkRef = { id: string; userId: string; url: string };

// A row that turns unavailable keeps nothing of an earlier reading. Typed from the article's one
// field list, so a field added there and not here fails to compile.
const NO_ARTICLE: { [Field in keyof ExtractedArticle]-?: null } = {
  title: null,
  byline: null,
  siteName: null,
  excerpt: null,
  lang: null,
  dir: null,
  publishedTime: null,
  contentHtml: null,
  textContent: null,
  wordCount: null,
  readingMinutes: null,
  mimeType: null,
};

function store(link: LinkRef, extraction: Extraction): Promise<void> {
  const extractedAt = new Date();
  return storeArticle(
    link,
    extraction.status === "ready"
      ? { ...NO_ARTICLE, ...extraction.article, status: "ready", reason: null, extractedAt }
      : { ...NO_ARTICLE, status: "unavailable", reason: extraction.reason, extractedAt },
  );
}

async function extractFrom(link: LinkRef, page: FetchedSource | null, anyway: boolean): Promise<Extraction | null> {
  if (!page) {
    await recordArticleFailure(link, new Date());
    return null;
  }
  let extraction: Extraction;
  // Refused whole, before any child: the bytes read so far are no PDF one can read (decision 0415).
  if (page.kind === "pdf-too-large") {
    extraction = { status: "unavailable", reason: UNAVAILABLE_REASONS.pdfTooLarge };
    await store(link, extraction);
    return extraction;
  }
  try {
    extraction =
      page.kind === "pdf"
        ? await extractPdf(page.bytes, page.url)
        : await extractArticle(page.html, page.url, { anyway });
  } catch (error) {
    // No extractor could read it (one could not be started): not an article for us; said once in the log.
    logJobError({ job: "article-extraction", linkId: link.id, error });
    extraction = { status: "unavailable", reason: UNAVAILABLE_REASONS.failed };
  }
  await store(link, extraction);
  return extraction;
}

function fetchArticlePage(url: string): Promise<FetchedSource | null> {
  // A newsletter saved from a mail has its article already; its own address leads nowhere.
  if (isMailOnlyUrl(url)) return Promise.resolve(null);
  return fetchArticleSource(url, {
    allowedHosts: env.unfurlAllowedHosts,
    maxBytes: MEMORY_BUDGET.articleMaxBytes,
    maxPdfBytes: MEMORY_BUDGET.pdfMaxBytes,
  });
}

/** What the fetched source holds of the page-work's bytes (decision 0415: a PDF may hold more than a page's share). */
function sourceBytes(page: FetchedSource | null): number {
  if (!page || page.kind === "pdf-too-large") return 0;
  return page.kind === "pdf" ? page.bytes.length : page.html.length;
}

/**
 * One owed row: after a save, one fetch of the page gives the link its title and metadata (read
 * from the first megabyte, as before; a title the client sent along stays) and its article; else
 * the article alone. A row that keeps failing (its process died while running it) is given up as a
 * failed fetch.
 */
async function runPageJob(job: PageJob, held: Reservation): Promise<void> {
  const link = { id: job.linkId, userId: job.userId, url: job.url };
  if (job.attempts > MAX_PAGE_WORK_ATTEMPTS) return recordArticleFailure(link, new Date());
  const page = await fetchArticlePage(link.url);
  held.shrink(sourceBytes(page));
  if (page?.kind === "html" && job.kind === "save") {
    await storeLinkMetadata(link.id, parseMetadata(page.html.slice(0, MAX_PAGE_BYTES), page.url), {
      keepTitle: job.keepTitle,
    });
  }
  const extraction = await extractFrom(link, page, job.kind === "anyway");
  // A PDF has no HTML metadata: the saved link takes its title from the document (decision 0415).
  if (page?.kind !== "html" && job.kind === "save" && extraction?.status === "ready" && extraction.article.title) {
    const title = extraction.article.title.slice(0, MAX_TITLE_LENGTH);
    await storeLinkMetadata(
      link.id,
      { title, description: null, siteName: null, faviconUrl: null },
      {
        keepTitle: job.keepTitle,
      },
    );
  }
}

const pageWork = createPageWorkRunner(runPageJob);

/** Starts this process's page-work runner (the server does, at its start); returns the stop. */
export async function startPageWork(): Promise<() => Promise<void>> {
  if (!env.databaseUrl) await releaseDeadClaims();
  return pageWork.start();
}

/** Runs the owed page work that is due until none is left (tests; scripts that do not start the runner). */
export const drainPageWork = pageWork.drain;

/** Work to do after the response (the route passes Next's `after`). */
export type Later = (task: () => Promise<void>) => void;

/**
 * New page work was owed (a save, lib/links/service.ts; a first open; a refresh): the runner takes
 * it after the response. Never throws.
 */
export const wakePageWork = pageWork.wake;

async function findOwnLink(user: User, id: string): Promise<LinkRef> {
  const link = isRecordId(id) ? await ownLinkRef(id, user.id) : null;
  if (!link) throw notFound("Link not found");
  return link;
}

/** The user's link's article; a pending one is owed a fetch (once, however often it is polled). */
export async function readLinkArticle(user: User, id: string, later: Later): Promise<ArticleResponse> {
  const link = await findOwnLink(user, id);
  const article = await articleOfLink(link.id, user.id);
  const response = toArticleResponse(article);
  if (response.status === "pending") {
    await owePageWork(link, "extract");
    later(wakePageWork);
  }
  return response;
}

/** The user's link's article is owed another fetch and extraction; rate-limited (429). */
export async function refreshLinkArticle(
  user: User,
  id: string,
  ip: string | null,
  later: Later,
): Promise<{ status: "pending" }> {
  const link = await findOwnLink(user, id);
  return oweArticleFetch(user, ip, later, () => owePageWork(link, "extract", { again: true }));
}

/** An owner's request for another fetch of their page: counted against the article limits (429). */
async function oweArticleFetch(
  user: User,
  ip: string | null,
  later: Later,
  owe: () => Promise<unknown>,
): Promise<{ status: "pending" }> {
  await enforceRateLimits(userAndIpChecks(ARTICLE_RATE_LIMITS, user.id, ip), ARTICLE_RATE_LIMITED_MESSAGE);
  await owe();
  later(wakePageWork);
  return { status: "pending" };
}

/** Said when the text is asked for anyway of a page that is not "not an article". */
export const NOT_REFUSED_MESSAGE = "Only a page that is not an article can be shown as its text anyway.";

/**
 * The owner asks for the text of their link's page although it does not look like an article
 * (decision 0334): owed a fetch that skips Readability's "is it an article" check. Only for a page
 * found not to be one (409 otherwise); counted with the refreshes (429).
 */
export async function extractLinkTextAnyway(
  user: User,
  id: string,
  ip: string | null,
  later: Later,
): Promise<{ status: "pending" }> {
  const link = await findOwnLink(user, id);
  const article = toArticleResponse(await articleOfLink(link.id, user.id));
  if (article.status !== "unavailable" || !isRefusedAsNotArticle(article.reason)) throw conflict(NOT_REFUSED_MESSAGE);
  return oweArticleFetch(user, ip, later, () => owePageWork(link, "anyway"));
}

/**
 * What the reader page shows: the user's link and its article; null when the link is not theirs.
 * Opening it records the first time the owner opened it (links never opened are the ones a digest
 * favours bringing back), alongside the read.
 */
export async function findReaderLink(user: User, id: string, now = new Date()) {
  if (!isRecordId(id)) return null;
  const [link] = await Promise.all([ownLinkWithArticle(id, user.id), recordFirstOpen(user.id, id, now)]);
  if (!link) return null;
  const { article, ...rest } = link;
  return { link: rest, article: toArticleResponse(article) };
}
