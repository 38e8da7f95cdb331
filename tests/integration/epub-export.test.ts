import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { openPromise } from "yauzl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/export/route";
import { POST as saveLink } from "@/app/api/links/route";
import { storeArticle } from "@/lib/articles/queries";
import { getDb } from "@/lib/db/client";
import { buildEpub } from "@/lib/epub/build-epub";
import { selectBook } from "@/lib/epub/epub-export";
import { flushAfterTasks } from "@/tests/support/after-tasks";
import { epubcheck } from "@/tests/support/epubcheck";
import { apiRequest, EPUB_TEST_HOST, signedInUser } from "@/tests/support/factories";

// Books of the user's links, checked by epubcheck: one of Readability's test pages saved through
// the API (tests/fixtures/readability-test-pages), and one of 500 articles with images.

const CORPUS = path.resolve("tests/fixtures/readability-test-pages");
const PAGES = readdirSync(CORPUS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const origin = `http://${EPUB_TEST_HOST}`;
// A 1x1 PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082",
  "hex",
);

let server: Server;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "linkstash-epub-"));
  server = createServer((req, res) => {
    const address = req.url ?? "";
    if (address.startsWith("/images/") && address.endsWith(".png")) {
      res.writeHead(200, { "content-type": "image/png" }).end(PNG);
      return;
    }
    if (address.startsWith("/images/") && address.endsWith(".webp")) {
      res.writeHead(200, { "content-type": "image/webp" }).end(Buffer.from("RIFF\0\0\0\0WEBPVP8 "));
      return;
    }
    const page = address.split("/")[1] ?? "";
    if (!PAGES.includes(page)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(readFileSync(path.join(CORPUS, page, "source.html")));
  });
  const [host, port] = EPUB_TEST_HOST.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(directory, { recursive: true, force: true });
});

/** The names in the zip at `file`, in order, and whether each is stored uncompressed. */
async function zipEntries(file: string): Promise<{ name: string; stored: boolean }[]> {
  const zip = await openPromise(file, { lazyEntries: true, autoClose: false });
  const names: { name: string; stored: boolean }[] = [];
  try {
    for await (const entry of zip.eachEntry())
      names.push({ name: entry.fileName, stored: entry.compressionMethod === 0 });
  } finally {
    zip.close();
  }
  return names;
}

async function download(res: Response, name: string): Promise<string> {
  const file = path.join(directory, name);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

describe("GET /api/export?format=epub", () => {
  it("books the Readability test pages saved as links: epubcheck finds no error", { timeout: 600_000 }, async () => {
    const { user, cookie } = await signedInUser();
    for (const page of PAGES) {
      const saved = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: `${origin}/${page}/` } }));
      expect(saved.status).toBe(201);
    }
    await flushAfterTasks();
    const ready = await getDb().article.count({ where: { userId: user.id, status: "ready" } });
    expect(ready).toBeGreaterThanOrEqual(PAGES.length - 3);

    // The pages' images are on their sites' hosts: this book gets them from a stand-in, which
    // serves a PNG for every image the articles show.
    const now = new Date();
    const book = await selectBook(user, { q: null, unread: false }, now);
    const file = path.join(directory, "corpus.epub");
    const fetched: string[] = [];
    await pipeline(
      buildEpub(book.links, {
        title: book.title,
        description: book.description,
        now,
        fetchImage: async (url) => {
          fetched.push(url);
          return { bytes: PNG, contentType: "image/png" };
        },
      }),
      createWriteStream(file),
    );
    const entries = await zipEntries(file);
    expect(entries[0]).toEqual({ name: "mimetype", stored: true });
    expect(entries.filter((entry) => entry.name.startsWith("OEBPS/text/"))).toHaveLength(PAGES.length);
    expect(entries.filter((entry) => entry.name.startsWith("OEBPS/images/")).length).toBeGreaterThan(20);
    expect(fetched.length).toBeGreaterThan(20);

    const report = await epubcheck(file);
    expect(report.problems).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.fatals).toBe(0);
  });

  it("books 500 articles with their images: epubcheck finds no error", { timeout: 600_000 }, async () => {
    const { user, cookie } = await signedInUser();
    const start = Date.now() - 1_000_000;
    const links = Array.from({ length: 505 }, (_, index) => ({
      id: `epub-link-${String(index).padStart(4, "0")}`,
      userId: user.id,
      url: `https://site-${index}.example/article/${index}?a=1&b=<2>`,
      title: index % 7 === 0 ? null : `Article ${index} & <friends>`,
      notes: index % 5 === 0 ? `A note on ${index}` : null,
      categories: index % 2 === 0 ? ["Even"] : ["Odd"],
      createdAt: new Date(start + index * 1000),
    }));
    await getDb().link.createMany({ data: links });
    for (const [index, link] of links.entries()) {
      if (index % 50 === 3) continue; // links without an article get a chapter of their own
      const paragraphs = Array.from(
        { length: 12 },
        (_, p) => `<p>Paragraph ${p} of article ${index}: ${"words and more words ".repeat(15)}</p>`,
      ).join("");
      await storeArticle(link, {
        status: "ready",
        title: `Article ${index}`,
        byline: "A. Writer",
        siteName: "Example",
        excerpt: null,
        lang: index % 3 === 0 ? "fr" : null,
        dir: index % 11 === 0 ? "rtl" : null,
        publishedTime: null,
        contentHtml:
          `<h2 id="top">Start</h2><p>See <a href="#notes">the notes</a> and <a href="#gone">nothing</a>.</p>` +
          `<p><img src="${origin}/images/${index}.png" alt="Figure ${index}" width="10" height="10" loading="lazy"></p>` +
          `<p><img src="${origin}/images/${index}.webp" alt="A WebP picture"><img src="${origin}/missing.png" alt="Gone"></p>` +
          `<p>A list inside a paragraph:<ul><li>one</li></ul></p><table><tr><td>cell</td></tr><tbody><tr><td>2</td></tr></tbody></table>` +
          paragraphs +
          `<h2 id="notes">Notes</h2><ol start="3"><li>A note</li></ol>`,
        textContent: "text",
        wordCount: 300,
        readingMinutes: 2,
        reason: null,
        extractedAt: new Date(),
      });
    }

    const res = await exportRoute(apiRequest("GET", "/api/export?format=epub", { cookie }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/epub+zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="linkstash-\d{4}-\d{2}-\d{2}\.epub"$/,
    );
    const file = await download(res, "five-hundred.epub");
    const entries = await zipEntries(file);
    expect(entries[0]).toEqual({ name: "mimetype", stored: true });
    // At most 500 links in a book, newest first; at most 400 images in it.
    expect(entries.filter((entry) => entry.name.startsWith("OEBPS/text/"))).toHaveLength(500);
    const images = entries.filter((entry) => entry.name.startsWith("OEBPS/images/"));
    expect(images).toHaveLength(400);
    expect(images.every((entry) => entry.name.endsWith(".png"))).toBe(true);

    const report = await epubcheck(file);
    expect(report.problems).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.fatals).toBe(0);

    // History's filters choose the links: one category, then one link.
    const even = await exportRoute(apiRequest("GET", "/api/export?format=epub&category=even&unread=1", { cookie }));
    expect(even.status).toBe(200);
    const evenEntries = await zipEntries(await download(even, "even.epub"));
    expect(evenEntries.filter((entry) => entry.name.startsWith("OEBPS/text/"))).toHaveLength(253);
    const one = await exportRoute(apiRequest("GET", "/api/export?format=epub&link=epub-link-0010", { cookie }));
    expect(one.status).toBe(200);
    const oneEntries = await zipEntries(await download(one, "one.epub"));
    expect(oneEntries.filter((entry) => entry.name.startsWith("OEBPS/text/"))).toHaveLength(1);
  });

  it("refuses bad filters, another user's link and a signed-out request", async () => {
    const { cookie } = await signedInUser();
    const other = await signedInUser();
    const link = await getDb().link.create({ data: { userId: other.user.id, url: "https://other.example/" } });

    const bad = await exportRoute(apiRequest("GET", "/api/export?format=epub&unread=maybe", { cookie }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("validation_failed");
    const tooLong = await exportRoute(
      apiRequest("GET", `/api/export?format=epub&q=${Array.from({ length: 12 }, (_, i) => `word${i}`).join("+")}`, {
        cookie,
      }),
    );
    expect(tooLong.status).toBe(400);
    const notMine = await exportRoute(apiRequest("GET", `/api/export?format=epub&link=${link.id}`, { cookie }));
    expect(notMine.status).toBe(404);
    const empty = await exportRoute(apiRequest("GET", "/api/export?format=epub&category=nothing", { cookie }));
    expect(empty.status).toBe(404);
    const signedOut = await exportRoute(apiRequest("GET", "/api/export?format=epub"));
    expect(signedOut.status).toBe(401);
  });
});
