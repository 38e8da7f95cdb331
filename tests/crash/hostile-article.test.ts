// A hostile page must not take the server down (decision 0300), on the built app (`npx next build`
// first). After two real articles are read, a 4.5 MB page of 60,000 tiny paragraphs, each holding
// five inline elements, is saved again and again, two saves at a time. Parsing it into a DOM once
// cost Readability's worker thread its whole heap, and V8's out-of-memory handler then aborted the
// whole server. Now every save must end as a plain link, unavailable with a reason, while the same
// server process keeps answering its liveness probe.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";
import { manySmallElementsPage } from "@/tests/support/hostile-pages";

const ROUNDS = 4;
const AT_ONCE = 2;
// Far more than any page takes; a page still pending after this many polls fails the test.
const MAX_POLLS = 600;
const CORPUS = path.resolve("tests/fixtures/readability-test-pages");
const REAL_ARTICLES = ["wikipedia-2", "nytimes-2"];

type ArticleStatus = { status: string; reason?: string | null; title?: string | null };

describe("a page too complex to read leaves the server up (decision 0300)", () => {
  let app: AppServer;
  let pages: Server;
  let pagesOrigin: string;
  let dataDir: string;
  let cookie: string;
  const hostile = manySmallElementsPage();

  beforeAll(async () => {
    assertBuilt();
    pages = createServer((req, res) => {
      const name = /^\/article\/([\w-]+)$/.exec(req.url ?? "")?.[1];
      const html =
        name && REAL_ARTICLES.includes(name) ? readFileSync(path.join(CORPUS, name, "source.html"), "utf8") : hostile;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    });
    const pagesPort = await freePort();
    await new Promise<void>((resolve) => pages.listen(pagesPort, "127.0.0.1", resolve));
    pagesOrigin = `http://127.0.0.1:${pagesPort}`;
    dataDir = mkdtempSync(path.join(tmpdir(), "hostile-article-data-"));
    app = await startApp({
      port: await freePort(),
      env: { DATA_DIR: dataDir, UNFURL_ALLOWED_HOSTS: `127.0.0.1:${pagesPort}` },
    });
    cookie = await signInOverHttp(app.url, "hostile-article@example.com", "203.0.113.30");
  });

  afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => pages?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const headers = () => ({ cookie, origin: app.url, "x-forwarded-for": "203.0.113.30" });

  async function save(url: string): Promise<string> {
    const res = await fetch(`${app.url}/api/links`, {
      method: "POST",
      headers: { ...headers(), "content-type": "application/json" },
      body: JSON.stringify({ url }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body: { link: { id: string } } = await res.json();
    return body.link.id;
  }

  /** The link's article once it is no longer pending; throws when the server stops answering. */
  async function settled(id: string): Promise<ArticleStatus> {
    for (let poll = 0; poll < MAX_POLLS; poll += 1) {
      const res = await fetch(`${app.url}/api/links/${id}/article`, { headers: headers() });
      const article: ArticleStatus = await res.json();
      if (article.status !== "pending") return article;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the article of link ${id} was still pending after ${MAX_POLLS} polls`);
  }

  async function alive(): Promise<void> {
    const res = await fetch(`${app.url}/api/health/live`);
    expect(res.status).toBe(200);
    // Still the process the test started: it was not aborted and restarted by anyone.
    expect(() => process.kill(app.pid, 0)).not.toThrow();
    expect(app.child.exitCode).toBeNull();
  }

  it("reads real articles, then refuses the hostile page round after round without the server going down", async () => {
    const pid = app.pid;
    for (const name of REAL_ARTICLES) {
      const article = await settled(await save(`${pagesOrigin}/article/${name}`));
      expect(article.status).toBe("ready");
    }
    await alive();

    const hostileArticles: ArticleStatus[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const ids = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) => save(`${pagesOrigin}/hostile/${round}-${i}`)),
      );
      hostileArticles.push(...(await Promise.all(ids.map(settled))));
      await alive();
    }
    expect(app.pid).toBe(pid);
    // Refused by the element budget before any DOM was built, and said so.
    expect(hostileArticles).toEqual(
      Array.from({ length: ROUNDS * AT_ONCE }, () => ({ status: "unavailable", reason: "too complex to read" })),
    );
  });
});
