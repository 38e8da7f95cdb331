import { createServer, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as readArticle, POST as refreshArticle } from "@/app/api/links/[id]/article/route";
import { GET as history } from "@/app/api/links/history/route";
import { POST as saveLink } from "@/app/api/links/route";
import { GET as today } from "@/app/api/links/today/route";
import { POST as createToken } from "@/app/api/tokens/route";
import { MAX_ARTICLE_TEXT_BYTES } from "@/lib/articles/extract";
import { MAX_FETCH_FAILURES } from "@/lib/articles/response";
import { ARTICLE_RATE_LIMITS } from "@/lib/articles/service";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { MEMORY_BUDGET } from "@/lib/memory/budget";
import { LARGEST_ARTICLE_BYTES } from "@/lib/memory/memory-budget.mjs";
import { flushAfterTasks } from "@/tests/support/after-tasks";
import { apiRequest, ARTICLE_TEST_HOST, routeParams, signedInUser } from "@/tests/support/factories";
import { manySmallElementsPage } from "@/tests/support/hostile-pages";
import { unsafeParts } from "@/tests/support/unsafe-html";

const origin = `http://${ARTICLE_TEST_HOST}`;

function paragraphs(count: number, word = "lorem", sentences = 4): string {
  const sentence = `The quick brown fox jumps over the lazy dog near the ${word} river, again and again. `;
  return Array.from({ length: count }, (_, i) => `<p>${sentence.repeat(sentences)} Paragraph ${i}.</p>`).join("\n");
}

function articlePage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title>
    <meta name="author" content="Ada Writer"><meta property="og:description" content="What ${title} is about.">
    </head><body><nav><a href="/">Home</a></nav><article><h1>${title}</h1>${body}</article>
    <footer>© Example</footer></body></html>`;
}

const HOSTILE_BODY = `
  <script>document.cookie</script><p onclick="steal()" onmouseover="steal()">Hostile paragraph with handlers.</p>
  <p><a href="javascript:steal()">a script link</a> and <a href="data:text/html;base64,PHNjcmlwdD4=">a data link</a>.</p>
  <img src="/tracker.png" onerror="steal()" alt="tracker"><iframe src="https://ads.example/"></iframe>
  <form action="https://phish.example/"><input name="password"><button>Log in</button></form>
  <style>body { display: none }</style>${paragraphs(12, "hostile")}`;

// MathML as a page writes it (the example of MathJax's own demonstration, as MathML), with an
// annotation-xml that carries HTML and a handler that must go.
const FORMULA_BODY = `${paragraphs(8, "algebra")}
  <p>When <math><mi>a</mi><mo>≠</mo><mn>0</mn></math>, there are two solutions to
  <math><mi>a</mi><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mi>b</mi><mi>x</mi><mo>+</mo><mi>c</mi><mo>=</mo><mn>0</mn></math>
  and they are</p>
  <math display="block" onmouseover="steal()"><semantics><mrow><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo>
  <msqrt><msup><mi>b</mi><mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></mrow>
  <annotation-xml encoding="text/html"><img src="/x.png" onerror="steal()"></annotation-xml></semantics></math>
  ${paragraphs(4, "algebra")}`;

let server: Server;
let refreshedTitle = "First version";
/** Whether /flaky answers with its article or fails as a server in trouble does. */
let flakyAnswers = true;
const closed: string[] = [];

/** Writes `chunk` for as long as the client reads, never ending the response. */
function endless(res: ServerResponse, chunk: string): void {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.write("<!doctype html><html><head><title>Endless</title></head><body><article>");
  const write = () => {
    if (res.destroyed) return;
    if (res.write(chunk)) setImmediate(write);
    else res.once("drain", write);
  };
  res.on("close", () => closed.push("endless"));
  write();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const html = (body: string, status = 200) =>
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
    switch (req.url) {
      case "/article":
        return html(articlePage("A Long Read", paragraphs(40, "zanzibar")));
      case "/changing":
        return html(articlePage(refreshedTitle, paragraphs(20)));
      case "/not-an-article":
        return html("<html><head><title>Sign in</title></head><body><form><input name=q></form></body></html>");
      case "/hostile":
        return html(articlePage("Hostile Page", HOSTILE_BODY));
      case "/formula":
        return html(articlePage("The Quadratic Formula", FORMULA_BODY));
      case "/too-complex":
        return html(manySmallElementsPage());
      case "/own-links":
        return html(
          articlePage(
            "Own Links",
            `${paragraphs(12, "own")}<p><img src="${env.appUrl}/api/logout" alt="x">
          <a href="${env.appUrl}/settings">your settings</a></p>`,
          ),
        );
      case "/huge":
        // Past the 5 MB cap: the fetch keeps the first 5 MB of what is one very long article.
        return html(articlePage("Huge Page", paragraphs(600, "huge", 120)));
      case "/endless":
        return endless(res, paragraphs(50, "endless"));
      case "/gone":
        return html("<title>Gone</title>", 500);
      case "/flaky":
        return flakyAnswers ? html(articlePage("Flaky Page", paragraphs(20))) : html("<title>Down</title>", 503);
      default:
        return html("<title>Not found</title>", 404);
    }
  });
  const [host, port] = ARTICLE_TEST_HOST.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function save(cookie: string, path: string): Promise<string> {
  const res = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: `${origin}${path}` } }));
  expect(res.status).toBe(201);
  return (await res.json()).link.id;
}

function getArticle(id: string, options: { cookie?: string; headers?: Record<string, string> }) {
  return readArticle(apiRequest("GET", `/api/links/${id}/article`, options), routeParams({ id }));
}

function postArticle(id: string, cookie: string) {
  return refreshArticle(apiRequest("POST", `/api/links/${id}/article`, { cookie }), routeParams({ id }));
}

describe("GET /api/links/{id}/article", () => {
  it("is pending until the page is extracted after the save, then ready with the article", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/article");
    const pending = await getArticle(id, { cookie });
    expect(pending.status).toBe(200);
    expect(await pending.json()).toEqual({ status: "pending" });
    await flushAfterTasks();

    const ready = await (await getArticle(id, { cookie })).json();
    expect(ready).toMatchObject({
      status: "ready",
      title: "A Long Read",
      byline: "Ada Writer",
      excerpt: "What A Long Read is about.",
      lang: "en",
      dir: null,
    });
    expect(ready.contentHtml).toContain("zanzibar river");
    expect(ready.contentHtml).not.toContain("Home");
    expect(ready.wordCount).toBeGreaterThan(2_000);
    expect(ready.readingMinutes).toBe(Math.round(ready.wordCount / 230));
    expect(Object.keys(ready).sort()).toEqual(
      [
        "status",
        "title",
        "byline",
        "siteName",
        "excerpt",
        "lang",
        "dir",
        "publishedTime",
        "contentHtml",
        "wordCount",
        "readingMinutes",
        "mimeType",
      ].sort(),
    );
    // Read from a page, not a PDF (decision 0415).
    expect(ready.mimeType).toBe("text/html");
  });

  it("gives every link JSON its reading time, null until known", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/article");
    const before = await (await today(apiRequest("GET", "/api/links/today", { cookie }))).json();
    expect(before[0]).toMatchObject({ id, readingMinutes: null });
    await flushAfterTasks();
    const after = await (await history(apiRequest("GET", "/api/links/history", { cookie }))).json();
    expect(after[0].readingMinutes).toBeGreaterThan(5);
  });

  it("is unavailable for a page that is not an article, and the link keeps its title", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/not-an-article");
    await flushAfterTasks();
    expect(await (await getArticle(id, { cookie })).json()).toEqual({
      status: "unavailable",
      reason: "not an article",
    });
    expect((await getDb().link.findUniqueOrThrow({ where: { id } })).title).toBe("Sign in");
  });

  it("extracts on first open a link saved without one (before this feature, or imported)", async () => {
    const { user, cookie } = await signedInUser();
    const link = await getDb().link.create({ data: { userId: user.id, url: `${origin}/article` } });
    expect(await (await getArticle(link.id, { cookie })).json()).toEqual({ status: "pending" });
    await flushAfterTasks();
    expect((await (await getArticle(link.id, { cookie })).json()).status).toBe("ready");
  });

  it(`retries a page that did not answer when opened, and gives up after ${MAX_FETCH_FAILURES} failures`, async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/gone");
    await flushAfterTasks();
    for (let failures = 1; failures < MAX_FETCH_FAILURES; failures += 1) {
      expect(await (await getArticle(id, { cookie })).json()).toEqual({ status: "pending" });
      await flushAfterTasks();
    }
    expect(await (await getArticle(id, { cookie })).json()).toEqual({
      status: "unavailable",
      reason: "the page did not answer",
    });
    expect((await getDb().article.findUniqueOrThrow({ where: { linkId: id } })).failures).toBe(MAX_FETCH_FAILURES);
  });

  it("answers 401 signed out, and 404 for another user's link or an id that is none", async () => {
    const owner = await signedInUser();
    const id = await save(owner.cookie, "/article");
    await flushAfterTasks();
    const stranger = await signedInUser();
    expect((await getArticle(id, {})).status).toBe(401);
    const foreign = await getArticle(id, { cookie: stranger.cookie });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: "not_found", message: "Link not found" });
    expect((await postArticle(id, stranger.cookie)).status).toBe(404);
    expect((await getArticle("not-an-id", { cookie: owner.cookie })).status).toBe(404);
    expect((await refreshArticle(apiRequest("POST", `/api/links/${id}/article`), routeParams({ id }))).status).toBe(
      401,
    );
  });

  it("may be read with a personal API token", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/article");
    await flushAfterTasks();
    const { secret } = await (
      await createToken(apiRequest("POST", "/api/tokens", { cookie, json: { name: "Reader" } }))
    ).json();
    const res = await getArticle(id, { headers: { authorization: `Bearer ${secret}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).title).toBe("A Long Read");
  });
});

describe("POST /api/links/{id}/article", () => {
  it("fetches and extracts the page again, after the response", async () => {
    const { cookie } = await signedInUser();
    refreshedTitle = "First version";
    const id = await save(cookie, "/changing");
    await flushAfterTasks();
    expect((await (await getArticle(id, { cookie })).json()).title).toBe("First version");
    refreshedTitle = "Second version";
    const res = await postArticle(id, cookie);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: "pending" });
    await flushAfterTasks();
    expect((await (await getArticle(id, { cookie })).json()).title).toBe("Second version");
  });

  it("keeps a ready article readable, with the time it was extracted, when a refresh cannot reach the page", async () => {
    const { cookie } = await signedInUser();
    flakyAnswers = true;
    const id = await save(cookie, "/flaky");
    await flushAfterTasks();
    const extracted = await getDb().article.findUniqueOrThrow({ where: { linkId: id } });
    expect(extracted).toMatchObject({ status: "ready", failures: 0 });
    flakyAnswers = false;
    for (let refresh = 1; refresh <= 2; refresh += 1) {
      expect((await postArticle(id, cookie)).status).toBe(202);
      await flushAfterTasks();
      const after = await getDb().article.findUniqueOrThrow({ where: { linkId: id } });
      expect(after).toMatchObject({ status: "ready", failures: refresh, title: "Flaky Page" });
      expect(after.extractedAt).toEqual(extracted.extractedAt);
    }
    expect((await (await getArticle(id, { cookie })).json()).title).toBe("Flaky Page");
  });

  it("stamps each failure of a page that never answered", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/gone");
    await flushAfterTasks();
    const first = await getDb().article.findUniqueOrThrow({ where: { linkId: id } });
    expect(first).toMatchObject({ status: "failed", failures: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await postArticle(id, cookie)).status).toBe(202);
    await flushAfterTasks();
    const second = await getDb().article.findUniqueOrThrow({ where: { linkId: id } });
    expect(second).toMatchObject({ status: "failed", failures: 2 });
    expect(second.extractedAt.getTime()).toBeGreaterThan(first.extractedAt.getTime());
  });

  it("is rate-limited per user with Retry-After", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/not-an-article");
    await flushAfterTasks();
    for (let i = 0; i < ARTICLE_RATE_LIMITS.perUser.limit; i += 1)
      expect((await postArticle(id, cookie)).status).toBe(202);
    const refused = await postArticle(id, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/too quickly/);
    await flushAfterTasks();
  });
});

describe("hostile pages", () => {
  it("keep their text and lose every script, handler, frame, form and script or data link", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/hostile");
    await flushAfterTasks();
    const article = await (await getArticle(id, { cookie })).json();
    expect(article.status).toBe("ready");
    expect(article.contentHtml).toContain("Hostile paragraph with handlers.");
    expect(unsafeParts(article.contentHtml)).toEqual([]);
    expect(article.contentHtml).not.toMatch(/steal|document\.cookie|password|display: none/);
    // Stored as https, as the reader's pages allow no other image scheme (decision 0332).
    expect(article.contentHtml).toContain(
      `<img src="${origin.replace(/^http:/, "https:")}/tracker.png" alt="tracker" loading="lazy" referrerpolicy="no-referrer" />`,
    );
  });

  it("keep their formulas as MathML, without handlers or annotation-xml", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/formula");
    await flushAfterTasks();
    const article = await (await getArticle(id, { cookie })).json();
    expect(article.status).toBe("ready");
    expect(article.contentHtml).toContain(
      "When <math><mi>a</mi><mo>≠</mo><mn>0</mn></math>, there are two solutions to",
    );
    expect(article.contentHtml).toMatch(/<math display="block"><semantics><mrow><mi>x<\/mi><mo>=<\/mo><mfrac>/);
    expect(article.contentHtml).toContain("<msqrt>");
    expect(unsafeParts(article.contentHtml)).toEqual([]);
    expect(article.contentHtml).not.toMatch(/steal|annotation-xml|x\.png/);
  });

  it("a page over 5 MB is read up to the cap, its text capped, and requests are answered meanwhile", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/huge");
    const order: string[] = [];
    const extraction = flushAfterTasks().then(() => order.push("extracted"));
    // Readability runs in a worker: the server keeps answering while it parses megabytes.
    for (let i = 0; i < 3; i += 1) {
      const res = await today(apiRequest("GET", "/api/links/today", { cookie }));
      expect(res.status).toBe(200);
      order.push("answered");
    }
    await extraction;
    expect(order).toEqual(["answered", "answered", "answered", "extracted"]);
    const stored = await getDb().article.findUniqueOrThrow({ where: { linkId: id } });
    expect(stored.status).toBe("ready");
    expect(Buffer.byteLength(stored.textContent ?? "")).toBeLessThanOrEqual(MAX_ARTICLE_TEXT_BYTES);
    expect(Buffer.byteLength(stored.textContent ?? "")).toBeGreaterThan(MAX_ARTICLE_TEXT_BYTES - 1_000);
    expect(unsafeParts(stored.contentHtml ?? "")).toEqual([]);
    expect(MEMORY_BUDGET.articleMaxBytes).toBe(LARGEST_ARTICLE_BYTES);
  });

  it("a page of 60,000 paragraphs of five inline elements is refused before any DOM is built, with the reason", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/too-complex");
    await flushAfterTasks();
    expect(await (await getArticle(id, { cookie })).json()).toEqual({
      status: "unavailable",
      reason: "too complex to read",
    });
    const stored = await getDb().article.findUniqueOrThrow({ where: { linkId: id } });
    expect(stored).toMatchObject({ status: "unavailable", reason: "too complex to read", contentHtml: null });
    expect((await getDb().link.findUniqueOrThrow({ where: { id } })).readingMinutes).toBeNull();
  });

  it("loses its images and links that point at the app itself (a link keeps its text)", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/own-links");
    await flushAfterTasks();
    const article = await (await getArticle(id, { cookie })).json();
    expect(article.status).toBe("ready");
    expect(article.contentHtml).not.toContain(new URL(env.appUrl).host);
    expect(article.contentHtml).toContain("<span>your settings</span>");
  });

  it("a page that never ends is cut at the cap and its connection closed", async () => {
    const { cookie } = await signedInUser();
    const id = await save(cookie, "/endless");
    await flushAfterTasks();
    expect(closed).toContain("endless");
    const stored = await getDb().article.findUniqueOrThrow({ where: { linkId: id } });
    expect(["ready", "unavailable"]).toContain(stored.status);
    expect(Buffer.byteLength(stored.textContent ?? "")).toBeLessThanOrEqual(MAX_ARTICLE_TEXT_BYTES);
    expect(unsafeParts(stored.contentHtml ?? "")).toEqual([]);
  });
});

describe("search over article text", () => {
  it("finds a link by a word only its article holds, and only the user's own", async () => {
    const { cookie } = await signedInUser();
    const other = await signedInUser();
    const id = await save(cookie, "/article");
    await save(cookie, "/not-an-article");
    await save(other.cookie, "/article");
    await flushAfterTasks();
    const res = await history(apiRequest("GET", "/api/links/history?q=zanzib", { cookie }));
    expect(res.status).toBe(200);
    expect((await res.json()).map((link: { id: string }) => link.id)).toEqual([id]);
    const none = await history(apiRequest("GET", "/api/links/history?q=zanzibar+nowhere", { cookie }));
    expect(await none.json()).toEqual([]);
  });
});
