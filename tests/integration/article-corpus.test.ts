import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as articleRoute } from "@/app/api/links/[id]/article/route";
import { POST as saveLink } from "@/app/api/links/route";
import { getDb } from "@/lib/db/client";
import { flushAfterTasks } from "@/tests/support/after-tasks";
import { apiRequest, CORPUS_TEST_HOST, routeParams, signedInUser } from "@/tests/support/factories";
import { unsafeParts } from "@/tests/support/unsafe-html";

// Mozilla Readability's own test pages (tests/fixtures/readability-test-pages, Apache-2.0) as the
// referee: each page is served locally, saved through the API, and what LinkStash stores is
// compared with what Readability's authors expect (text compared without whitespace, not markup).

const CORPUS = path.resolve("tests/fixtures/readability-test-pages");
const PAGES = readdirSync(CORPUS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

type ExpectedMetadata = {
  title: string;
  byline: string | null;
  excerpt?: string;
  lang?: string;
  dir: string | null;
  readerable: boolean;
};

function expectedMetadata(page: string): ExpectedMetadata {
  return JSON.parse(readFileSync(path.join(CORPUS, page, "expected-metadata.json"), "utf8"));
}

const collapse = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
const withoutSpace = (text: string) => text.replace(/\s+/g, "");

function expectedText(page: string): string {
  const { document } = parseHTML(readFileSync(path.join(CORPUS, page, "expected.html"), "utf8"));
  return document.documentElement.textContent ?? "";
}

let server: Server;
const origin = `http://${CORPUS_TEST_HOST}`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const page = (req.url ?? "").split("/")[1] ?? "";
    if (!PAGES.includes(page)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(readFileSync(path.join(CORPUS, page, "source.html")));
  });
  const [host, port] = CORPUS_TEST_HOST.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("the Readability test pages, saved as links", () => {
  it("are all here, with their license", () => {
    expect(PAGES.length).toBeGreaterThanOrEqual(19);
    expect(readFileSync(path.join(CORPUS, "LICENSE.md"), "utf8")).toContain("Apache License");
  });

  it.each(PAGES)("%s: stores the expected article, or none when it is not an article", async (page) => {
    const { user, cookie } = await signedInUser();
    const saved = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: `${origin}/${page}/` } }));
    expect(saved.status).toBe(201);
    const { link } = await saved.json();
    await flushAfterTasks();

    const expected = expectedMetadata(page);
    const res = await articleRoute(
      apiRequest("GET", `/api/links/${link.id}/article`, { cookie }),
      routeParams({ id: link.id }),
    );
    expect(res.status).toBe(200);
    const article = await res.json();
    const stored = await getDb().article.findUniqueOrThrow({ where: { linkId: link.id } });
    expect(stored.userId).toBe(user.id);
    if (!expected.readerable) {
      expect(article).toEqual({ status: "unavailable", reason: "not an article" });
      expect(stored.contentHtml).toBeNull();
      return;
    }
    expect(article.status).toBe("ready");
    expect(article.title).toBe(collapse(expected.title));
    expect(article.byline).toBe(expected.byline === null ? null : collapse(expected.byline));
    if (expected.excerpt !== undefined) expect(article.excerpt).toBe(collapse(expected.excerpt).slice(0, 1000));
    if (expected.dir) expect(article.dir).toBe(expected.dir);
    if (expected.lang) expect(article.lang).toBe(expected.lang);
    expect(withoutSpace(stored.textContent ?? "")).toBe(withoutSpace(expectedText(page)));
    expect(unsafeParts(article.contentHtml)).toEqual([]);
    expect(article.wordCount).toBeGreaterThan(0);
    expect(article.readingMinutes).toBe(Math.max(1, Math.round(article.wordCount / 230)));
    const storedLink = await getDb().link.findUniqueOrThrow({ where: { id: link.id } });
    expect(storedLink.readingMinutes).toBe(article.readingMinutes);
  });
});
