// Runs Mozilla's Readability in a worker thread (decision 0260), one page per message, for as many
// pages as the pool sends it: parsing a page of several megabytes takes seconds of CPU, which must
// never stall the server's request handling. Plain JavaScript because Node starts it as it is,
// without the app's bundler. It answers each page with Readability's own fields, or
// readerable: false for a page that is not an article.
import { parentPort } from "node:worker_threads";
import { isProbablyReaderable, Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

function run({ html }) {
  const { document } = parseHTML(html);
  if (!isProbablyReaderable(document)) return { readerable: false };
  const article = new Readability(document).parse();
  if (!article || !article.content) return { readerable: false };
  return {
    readerable: true,
    title: article.title ?? null,
    byline: article.byline ?? null,
    siteName: article.siteName ?? null,
    excerpt: article.excerpt ?? null,
    lang: article.lang ?? null,
    dir: article.dir ?? null,
    publishedTime: article.publishedTime ?? null,
    content: article.content,
    textContent: article.textContent ?? "",
  };
}

parentPort.on("message", (page) => parentPort.postMessage(run(page)));
