// The reader's figures (docs/performance.md, decisions 0260 and 0300):
//  1. extraction over Readability's test pages (tests/fixtures/readability-test-pages): the real
//     path (the extractor child processes, the budget check, Readability on linkedom, the
//     sanitiser, the caps), p50 / p95 / max per page over --rounds rounds; then the hostile pages
//     (5 MB of ordinary paragraphs, 5,000 nested elements, 60,000 paragraphs of five inline
//     elements), each with what became of it and its time; and the peak resident memory of this
//     process (which stands in for the server: it only sends pages and receives articles) and of
//     each extractor child;
//  2. history search on PostgreSQL over 25,000 links (5 users with 5,000 each), every link with a
//     stored article of about 400 words: p50 / p95 of a page of results (--skip-search to leave out);
//  3. Lighthouse (desktop preset) on the reader page of a 10,000-word article on the built app, the
//     median of --runs runs (--skip-lighthouse to leave out; needs `npx next build`);
//  4. an EPUB of --epub-articles articles (Readability's expected articles, sanitised as stored, in
//     turn), each with its images fetched from a local server through the SSRF-safe fetcher: the
//     build's time, the book's size, and this process's peak resident memory and heap over the build
//     (--skip-epub to leave out).
//
//   npm run bench:reader
//   npm run bench:reader -- --rounds 5 --links-per-user 1000 --skip-lighthouse
//   npm run bench:reader -- --skip-extraction --skip-lighthouse
//   npm run bench:reader -- --skip-extraction --skip-search --skip-lighthouse --epub-articles 100
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse, { desktopConfig } from "lighthouse";
import { launchChromium } from "@/bench/support/chromium";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";
import { assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";
import { bigPage, deepPage, manySmallElementsPage } from "@/tests/support/hostile-pages";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    runs: { type: "string", default: "3" },
    users: { type: "string", default: "5" },
    "links-per-user": { type: "string", default: "5000" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    chrome: { type: "string", default: "/usr/bin/chromium" },
    "skip-extraction": { type: "boolean", default: false },
    "skip-search": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "skip-epub": { type: "boolean", default: false },
    "epub-articles": { type: "string", default: "500" },
  },
});

const CORPUS = path.resolve("tests/fixtures/readability-test-pages");

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50).toFixed(1),
    p95: percentile(sorted, 95).toFixed(1),
    max: (sorted.at(-1) ?? NaN).toFixed(1),
  };
}

/** Peak resident memory (VmHWM, MB) of a process, or null once it is gone. */
function peakRssMb(pid: number): number | null {
  try {
    const kb = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user and system, ms) the process has used so far; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

async function extraction(): Promise<void> {
  const { extractArticle } = await import("@/lib/articles/extract");
  const { extractorPids } = await import("@/lib/articles/extractor-pool");
  const startRssMb = process.memoryUsage().rss / 1024 / 1024;
  // A child's peak is read while it lives (every 20 ms): one killed for its heap is read just before.
  const childPeaks = new Map<number, number>();
  const sampler = setInterval(() => {
    for (const pid of extractorPids()) {
      const peak = peakRssMb(pid);
      if (peak !== null) childPeaks.set(pid, Math.max(peak, childPeaks.get(pid) ?? 0));
    }
  }, 20);
  const pages = readdirSync(CORPUS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const times: number[] = [];
  // The children's CPU per page as well: on a busy machine the wall time measures the queue for a core.
  const cpuTimes: number[] = [];
  const childrenCpu = () => extractorPids().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const perPage = new Map<string, number[]>();
  const unavailable = new Set<string>();
  for (let round = 0; round < Number(values.rounds); round += 1) {
    for (const page of pages) {
      const html = readFileSync(path.join(CORPUS, page.name, "source.html"), "utf8");
      const started = performance.now();
      const cpuBefore = childrenCpu();
      const result = await extractArticle(html, `http://fixtures.test/${page.name}/`);
      const elapsed = performance.now() - started;
      cpuTimes.push(childrenCpu() - cpuBefore);
      if (result.status === "unavailable") unavailable.add(`${page.name} (${result.reason})`);
      times.push(elapsed);
      perPage.set(page.name, [...(perPage.get(page.name) ?? []), elapsed]);
    }
  }
  const slowest = [...perPage].sort((a, b) => Math.max(...b[1]) - Math.max(...a[1])).slice(0, 3);
  console.log(
    `\n1. Extraction, ${pages.length} test pages × ${values.rounds} rounds (ms per page, the first child's start included)`,
  );
  console.table([
    { "": "wall ms", ...summary(times) },
    { "": "children's CPU ms (10 ms ticks)", ...summary(cpuTimes) },
  ]);
  console.log(`slowest: ${slowest.map(([name, ms]) => `${name} ${Math.max(...ms).toFixed(0)} ms`).join(", ")}`);
  console.log(`not articles: ${[...unavailable].join(", ") || "none"}`);

  const hostile = [
    { name: "big: 5 MB of ordinary paragraphs", html: bigPage(5) },
    { name: "deep: 5,000 nested divs", html: deepPage(5_000) },
    { name: "many small elements: 60,000 paragraphs × 5", html: manySmallElementsPage() },
  ];
  const rows = [];
  for (const page of hostile) {
    const started = performance.now();
    const result = await extractArticle(page.html, "http://hostile.test/");
    rows.push({
      page: page.name,
      MB: (page.html.length / 1024 / 1024).toFixed(1),
      result: result.status === "ready" ? `ready, ${result.article.wordCount} words` : result.reason,
      ms: (performance.now() - started).toFixed(0),
    });
  }
  clearInterval(sampler);
  console.log("\nHostile pages, one after another");
  console.table(rows);
  console.log(
    `peak resident memory of this process (the server's side): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (${startRssMb.toFixed(0)} MB before the first page)`,
  );
  console.log(
    `peak resident memory of each extractor child: ${[...childPeaks.values()].map((mb) => `${mb.toFixed(0)} MB`).join(", ") || "none sampled"}`,
  );
}

// A photograph-sized image that does not compress (80 KB), served for every image address.
const BENCH_IMAGE = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), randomBytes(80 * 1024)]);

async function epubBook(): Promise<void> {
  const { buildEpub } = await import("@/lib/epub/build-epub");
  const { fetchImage } = await import("@/lib/unfurl/fetch-page");
  const { sanitizeArticleHtml } = await import("@/lib/articles/sanitize.mjs");
  const count = Number(values["epub-articles"]);
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(BENCH_IMAGE));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const host = `127.0.0.1:${port}`;
  const pages = readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => readFileSync(path.join(CORPUS, entry.name, "expected.html"), "utf8"));
  let image = 0;
  // The corpus's images are on their sites' hosts: each becomes an address of the local server.
  const articles = pages.map((html, index) =>
    sanitizeArticleHtml(html, `http://fixtures.test/${index}/`, "http://app.test").replace(/ src="[^"]*"/g, () => {
      image += 1;
      return ` src="http://${host}/images/${image}.png"`;
    }),
  );
  async function* links() {
    for (let index = 0; index < count; index += 1) {
      const contentHtml = articles[index % articles.length] ?? "";
      yield {
        url: `https://site.example/${index}`,
        title: `Article ${index}`,
        notes: null,
        article: { title: null, byline: null, siteName: null, lang: null, dir: null, contentHtml },
      };
    }
  }
  global.gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  const book = buildEpub(links(), {
    title: "Bench",
    description: "A benchmark",
    now: new Date(),
    fetchImage: (url) => fetchImage(url, { allowedHosts: [host], maxBytes: 2 * 1024 * 1024 }),
  });
  for await (const chunk of book) bytes += Buffer.byteLength(chunk);
  const ms = performance.now() - started;
  clearInterval(sampler);
  server.close();
  const mb = (value: number) => (value / 1024 / 1024).toFixed(1);
  console.log(`\n4. EPUB of ${count} articles with their images (at most 400 in a book)`);
  console.table([
    {
      "build s": (ms / 1000).toFixed(1),
      "book MB": mb(bytes),
      "RSS at start MB": mb(start.rss),
      "peak RSS MB": mb(peakRss),
      "peak RSS - start MB": mb(peakRss - start.rss),
      "peak heap - start MB": mb(peakHeap - start.heapUsed),
    },
  ]);
}

async function search(): Promise<void> {
  const users = Number(values.users);
  const perUser = Number(values["links-per-user"]);
  await withTempDatabase(values["admin-url"], "linkstash_reader", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { listHistoryPage } = await import("@/lib/links/service");
    const { buildSearchQuery } = await import("@/lib/links/search");
    const db = getDb();
    const created = [];
    for (let u = 0; u < users; u += 1) {
      created.push(await db.user.create({ data: { email: `reader-bench-${u}@example.com`, timezone: "UTC" } }));
    }
    const started = performance.now();
    for (const user of created) {
      await db.$executeRaw`
        INSERT INTO "Link" (id, "userId", url, title, "createdAt", categories)
        SELECT ${user.id} || '-' || i, ${user.id}, 'https://site' || (i % 200) || '.example/post/' || i,
          'Post number ' || i, now() - make_interval(mins => i), ARRAY['Article']
        FROM generate_series(1, ${perUser}) AS i`;
      // About 400 words from a vocabulary of 5,000; one article in 1,000 holds "quetzal".
      await db.$executeRaw`
        INSERT INTO "Article" ("linkId", "userId", status, "textContent", "wordCount", "readingMinutes")
        SELECT l.id, l."userId", 'ready',
          (SELECT string_agg('word' || floor(random() * 5000)::int, ' ')
             FROM generate_series(1, 400 + 0 * length(l.id))) || CASE WHEN random() < 0.001 THEN ' quetzal' ELSE '' END,
          400, 2
        FROM "Link" l WHERE l."userId" = ${user.id}`;
    }
    // As autovacuum would after a bulk load (a server may run with it off): GIN indexes move their
    // pending entries into the index proper, and the planner gets statistics.
    await db.$executeRawUnsafe(`VACUUM ANALYZE "Link"`);
    await db.$executeRawUnsafe(`VACUUM ANALYZE "Article"`);
    console.log(
      `\n2. History search on PostgreSQL, ${users * perUser} links with articles (${users} users × ${perUser}), filled in ${((performance.now() - started) / 1000).toFixed(0)} s (ms per page of 50)`,
    );
    const user = created[0];
    if (!user) throw new Error("no user");
    const rows = [];
    for (const words of ["word42", "quetzal", "post number", "word1 word2", "nothing-matches-this"]) {
      const query = buildSearchQuery(words);
      if (!query.ok) throw new Error(query.message);
      const times: number[] = [];
      let found = 0;
      for (let run = 0; run < 30; run += 1) {
        const t = performance.now();
        const page = await listHistoryPage(user, { q: query.tsquery ?? undefined });
        times.push(performance.now() - t);
        found = page.links.length;
      }
      rows.push({ q: words, "links on page": found, ...summary(times.slice(5)) });
    }
    console.table(rows);
  });
}

const sentence = "The keeper climbed the spiral stair each night and wrote down what the sea had done. ";

async function readerLighthouse(): Promise<void> {
  assertBuilt();
  // 10,000 words: 100 paragraphs of 100.
  const paragraph = `<p>${sentence.repeat(6)}${"word ".repeat(4)}</p>`;
  const html = `<!doctype html><html lang="en"><head><title>A Ten Thousand Word Article</title>
    <meta name="author" content="Bench Writer"></head><body><article><h1>A Ten Thousand Word Article</h1>
    ${Array.from({ length: 100 }, () => paragraph).join("\n")}</article></body></html>`;
  const pages = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  const pagesPort = await freePort();
  await new Promise<void>((resolve) => pages.listen(pagesPort, "127.0.0.1", resolve));
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-reader-bench-"));
  const profileDir = mkdtempSync(path.join(tmpdir(), "linkstash-reader-chromium-"));
  const app = await startApp({
    port: await freePort(),
    env: { DATA_DIR: dataDir, UNFURL_ALLOWED_HOSTS: `127.0.0.1:${pagesPort}` },
  });
  const browser = await launchChromium(values.chrome, profileDir);
  try {
    const email = "reader-bench@example.com";
    const address = "198.18.0.2";
    const cookie = await signInOverHttp(app.url, email, address);
    const headers = { cookie, origin: app.url, "content-type": "application/json", "x-forwarded-for": address };
    await fetch(`${app.url}/api/user/onboard`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, emailTime: 20, timezone: "UTC" }),
    });
    const saved = await fetch(`${app.url}/api/links`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${pagesPort}/article` }),
    });
    const { link } = await saved.json();
    let article = { status: "pending", wordCount: 0 };
    for (let tries = 0; article.status === "pending" && tries < 60; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      article = await (await fetch(`${app.url}/api/links/${link.id}/article`, { headers: { cookie } })).json();
    }
    if (article.status !== "ready") throw new Error(`the article is ${article.status}`);
    const url = `${app.url}/read/${link.id}`;
    await (await fetch(url, { headers: { cookie } })).text();
    const scores: { performance: number; fcp: number; lcp: number; bytes: number }[] = [];
    for (let run = 0; run < Number(values.runs); run += 1) {
      const result = await lighthouse(
        url,
        {
          port: browser.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          extraHeaders: { Cookie: cookie },
        },
        desktopConfig,
      );
      if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}`);
      const { audits, categories } = result.lhr;
      scores.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        fcp: Math.round(audits["first-contentful-paint"]?.numericValue ?? NaN),
        lcp: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
        bytes: Math.round((audits["total-byte-weight"]?.numericValue ?? NaN) / 1024),
      });
    }
    scores.sort((a, b) => a.performance - b.performance);
    const median = scores[Math.floor(scores.length / 2)];
    console.log(
      `\n3. Reader page of a ${article.wordCount}-word article, Lighthouse desktop preset, median of ${values.runs}`,
    );
    console.table([
      { performance: median?.performance, "FCP ms": median?.fcp, "LCP ms": median?.lcp, "total KB": median?.bytes },
    ]);
  } finally {
    browser.stop();
    await app.stop("SIGTERM");
    pages.closeAllConnections();
    pages.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

if (!values["skip-extraction"]) await extraction();
if (!values["skip-search"]) await search();
if (!values["skip-lighthouse"]) await readerLighthouse();
if (!values["skip-epub"]) await epubBook();
