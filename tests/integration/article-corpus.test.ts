import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as showAnyway } from "@/app/api/links/[id]/article/anyway/route";
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

function expectedDocument(page: string): Document {
  return parseHTML(readFileSync(path.join(CORPUS, page, "expected.html"), "utf8")).document;
}

function expectedText(page: string): string {
  return expectedDocument(page).documentElement.textContent ?? "";
}

// An image Readability's authors expect with an address a browser can load: in its src, lazy
// src or srcset, other than an inline data: placeholder.
const IMAGE_SOURCES = ["src", "data-src", "srcset", "data-srcset"];
function expectedImages(page: string): number {
  return [...expectedDocument(page).querySelectorAll("img")].filter((image) =>
    IMAGE_SOURCES.some((name) => {
      const value = image.getAttribute(name)?.trim() ?? "";
      return value !== "" && !value.startsWith("data:");
    }),
  ).length;
}

/** The article's in-page links whose target is not an id within it (each `#` link must reach one). */
function danglingInPageLinks(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const ids = new Set([...document.querySelectorAll("[id]")].map((element) => element.getAttribute("id")));
  return [...document.querySelectorAll('a[href^="#"]')]
    .map((link) => link.getAttribute("href") ?? "")
    .filter((href) => !ids.has(decodeURIComponent(href.slice(1))));
}

/** In-page links of the expected article whose target it holds: the reader must keep them all. */
function expectedInPageLinks(page: string): number {
  const document = expectedDocument(page);
  const ids = new Set(
    [...document.querySelectorAll("[id], a[name]")].map(
      (element) => element.getAttribute("id") ?? element.getAttribute("name"),
    ),
  );
  return [...document.querySelectorAll('a[href^="#"]')].filter((link) =>
    ids.has(decodeURIComponent((link.getAttribute("href") ?? "").slice(1))),
  ).length;
}

function articleImages(html: string): HTMLImageElement[] {
  return [...parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.querySelectorAll("img")];
}

/** The video players Readability's authors expect the article to keep: the reader shows a link instead. */
function expectedVideos(page: string): number {
  return expectedDocument(page).querySelectorAll("iframe").length;
}

/** The links standing for a video player: to the video's own page, never the player's. */
function videoLinks(html: string): string[] {
  return [...parseHTML(`<!doctype html><html><body>${html}</body></html>`).document.querySelectorAll("a")]
    .filter((link) => /^Video( on |: )/.test(link.textContent ?? ""))
    .map((link) => link.getAttribute("href") ?? "");
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
      // Its owner may ask for its text anyway: Readability's reading, as its authors expect it.
      const asked = await showAnyway(
        apiRequest("POST", `/api/links/${link.id}/article/anyway`, { cookie }),
        routeParams({ id: link.id }),
      );
      expect(asked.status).toBe(202);
      expect(await asked.json()).toEqual({ status: "pending" });
      await flushAfterTasks();
      const anyway = await getDb().article.findUniqueOrThrow({ where: { linkId: link.id } });
      expect(anyway.status).toBe("ready");
      expect(withoutSpace(anyway.textContent ?? "")).toBe(withoutSpace(expectedText(page)));
      expect(unsafeParts(anyway.contentHtml ?? "")).toEqual([]);
      expect(articleImages(anyway.contentHtml ?? "")).toHaveLength(expectedImages(page));
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
    // Every image kept, each from an https address (the reader's pages allow no other).
    const images = articleImages(article.contentHtml);
    expect(images).toHaveLength(expectedImages(page));
    for (const image of images) {
      expect(image.getAttribute("src")).toMatch(/^https:\/\//);
      for (const candidate of (image.getAttribute("srcset") ?? "").split(/,\s+/).filter(Boolean))
        expect(candidate).toMatch(/^https:\/\/\S+ \d+(\.\d+)?[wx]$/);
    }
    // Every video the article holds stands as a link to the video's page.
    const videos = videoLinks(article.contentHtml);
    expect(videos).toHaveLength(expectedVideos(page));
    for (const href of videos)
      expect(href).toMatch(/^https:\/\/(www\.youtube\.com\/watch\?v=|vimeo\.com\/|www\.dailymotion\.com\/video\/)/);
    // Every in-page link kept, and each reaches an id within the article, namespaced.
    expect(danglingInPageLinks(article.contentHtml)).toEqual([]);
    expect(article.contentHtml.match(/href="#/g) ?? []).toHaveLength(expectedInPageLinks(page));
    expect(article.contentHtml).not.toMatch(/\sid="(?!user-content-)/);
    expect(article.wordCount).toBeGreaterThan(0);
    expect(article.readingMinutes).toBe(Math.max(1, Math.round(article.wordCount / 230)));
    const storedLink = await getDb().link.findUniqueOrThrow({ where: { id: link.id } });
    expect(storedLink.readingMinutes).toBe(article.readingMinutes);
  });
});
