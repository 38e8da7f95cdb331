// The article extractor, a child process of the server (decision 0300): the tokenizer's budget
// check, then linkedom's DOM, Readability and the sanitiser, one page per message, for as many
// pages as the pool sends it. It runs outside the server so that a page which exhausts its heap
// (V8 aborts the whole process then) or its time takes only this process down. Plain JavaScript
// because Node starts it as it is, without the app's bundler. It answers each page with
// Readability's fields and the sanitised HTML, or readerable: false with the reason. It reads
// received mail too (decision 0348), and PDFs (decision 0415): each message says which it is.
import { isProbablyReaderable, Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { measurePage } from "./extraction-rules.mjs";
import { applyPageBase, applyPictureSources } from "./prepare-page.mjs";
import { UNAVAILABLE_REASONS } from "./unavailable-reasons.mjs";
import { sanitizeArticleHtml } from "./sanitize.mjs";
import { readMail } from "../inbound-mail/mail-work.mjs";
import { readPdf } from "./pdf-work.mjs";

/** @import { ExtractorJob, ExtractorPage, ExtractorPdf } from "./extractor-pool" */

/**
 * `anyway`: the owner asked for the page's text although it does not look like an article
 * (decision 0334); Readability still has to find some.
 * @param {ExtractorPage} page
 */
function run({ html, url, appOrigin, anyway = false }) {
  if (!measurePage(html).within) return { readerable: false, reason: UNAVAILABLE_REASONS.tooComplex };
  const { document } = parseHTML(html);
  if (!anyway && !isProbablyReaderable(document)) return { readerable: false, reason: UNAVAILABLE_REASONS.notArticle };
  const base = applyPageBase(document, url);
  applyPictureSources(document);
  const article = new Readability(document).parse();
  if (!article || !article.content)
    return { readerable: false, reason: anyway ? UNAVAILABLE_REASONS.noText : UNAVAILABLE_REASONS.notArticle };
  return {
    readerable: true,
    title: article.title ?? null,
    byline: article.byline ?? null,
    siteName: article.siteName ?? null,
    excerpt: article.excerpt ?? null,
    lang: article.lang ?? null,
    dir: article.dir ?? null,
    publishedTime: article.publishedTime ?? null,
    content: sanitizeArticleHtml(article.content, base, appOrigin, url),
    textContent: article.textContent ?? "",
  };
}

/** @param {ExtractorPage} page */
function answer(page) {
  try {
    return run(page);
  } catch (error) {
    // Said in the server's log (this process shares its stderr); the page is not shown as an article.
    console.error("Article extraction failed:", error);
    return { readerable: false, reason: UNAVAILABLE_REASONS.failed };
  }
}

/** @param {{ source: Uint8Array; appOrigin: string }} job */
async function answerMail(job) {
  try {
    return await readMail(job);
  } catch (error) {
    console.error("Reading a mail failed:", error);
    return { kind: "failed" };
  }
}

/** @param {ExtractorPdf} pdf */
async function answerPdf(pdf) {
  try {
    return await readPdf(pdf);
  } catch (error) {
    // A damaged or password-locked PDF; said in the server's log like a page that failed.
    console.error("Reading a PDF failed:", error);
    return { readerable: false, reason: UNAVAILABLE_REASONS.failed };
  }
}

/**
 * `message` as the job the pool sent (ExtractorJob), or null: the channel hands the child values of
 * any shape, so each field is checked before it is used.
 * @param {unknown} message
 * @returns {ExtractorJob | null}
 */
function jobOf(message) {
  if (typeof message !== "object" || message === null || !("kind" in message)) return null;
  if (message.kind === "mail") {
    if (!("source" in message) || !(message.source instanceof Uint8Array)) return null;
    if (!("appOrigin" in message) || typeof message.appOrigin !== "string") return null;
    return { kind: "mail", source: message.source, appOrigin: message.appOrigin };
  }
  if (message.kind === "pdf") {
    const pdf = "pdf" in message ? message.pdf : null;
    if (typeof pdf !== "object" || pdf === null) return null;
    if (!("bytes" in pdf) || !(pdf.bytes instanceof Uint8Array) || !("url" in pdf) || typeof pdf.url !== "string")
      return null;
    if (!("appOrigin" in pdf) || typeof pdf.appOrigin !== "string") return null;
    if (!("maxPages" in pdf) || typeof pdf.maxPages !== "number") return null;
    return { kind: "pdf", pdf: { bytes: pdf.bytes, url: pdf.url, appOrigin: pdf.appOrigin, maxPages: pdf.maxPages } };
  }
  const page = "page" in message ? message.page : null;
  if (message.kind !== "article" || typeof page !== "object" || page === null) return null;
  if (!("html" in page) || typeof page.html !== "string" || !("url" in page) || typeof page.url !== "string")
    return null;
  if (!("appOrigin" in page) || typeof page.appOrigin !== "string") return null;
  const anyway = "anyway" in page && page.anyway === true;
  return { kind: "article", page: { html: page.html, url: page.url, appOrigin: page.appOrigin, anyway } };
}

// One message at a time: the pool sends the next only once this one is answered.
process.on("message", (message) => {
  const job = jobOf(message);
  if (job?.kind === "mail") void answerMail(job).then((result) => process.send?.(result));
  else if (job?.kind === "pdf") void answerPdf(job.pdf).then((result) => process.send?.(result));
  else process.send?.(job ? answer(job.page) : { readerable: false, reason: UNAVAILABLE_REASONS.failed });
});
// The server went away: nothing more will come.
process.on("disconnect", () => process.exit(0));
