// A saved link whose answer is a PDF becomes an article (decision 0415): its text by page, read by
// pdf.js in the extractor's child processes, searchable and bookable like any article; a scanned PDF
// and one over a limit are unavailable with their reasons.
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as readArticle } from "@/app/api/links/[id]/article/route";
import { GET as history } from "@/app/api/links/history/route";
import { POST as saveLink } from "@/app/api/links/route";
import { PDF_MAX_PAGES } from "@/lib/articles/extract";
import { UNAVAILABLE_REASONS } from "@/lib/articles/unavailable-reasons.mjs";
import { getDb } from "@/lib/db/client";
import { buildEpub } from "@/lib/epub/build-epub";
import { selectBook } from "@/lib/epub/epub-export";
import { MEMORY_BUDGET } from "@/lib/memory/budget";
import { flushAfterTasks } from "@/tests/support/after-tasks";
import { epubcheck } from "@/tests/support/epubcheck";
import { apiRequest, PDF_TEST_HOST, routeParams, signedInUser } from "@/tests/support/factories";
import { imageOnlyPdf, textPdf } from "@/tests/support/pdf-files";

const origin = `http://${PDF_TEST_HOST}`;
/** The TraceMonkey paper (tests/fixtures/pdf/README.md). */
const PAPER = readFileSync(path.resolve("tests/fixtures/pdf/tracemonkey.pdf"));

/** Each path's body and content type. */
const FILES: Record<string, { body: Buffer; type: string }> = {
  "/tracemonkey.pdf": { body: PAPER, type: "application/pdf" },
  "/scan.pdf": { body: imageOnlyPdf(), type: "application/pdf" },
  // Served as generic bytes: read as a PDF for its signature.
  "/download": {
    body: textPdf([["A note about kestrelwing migrations."], ["Second page."]], { title: "Kestrel notes" }),
    type: "application/octet-stream",
  },
  "/long.pdf": {
    body: textPdf(Array.from({ length: PDF_MAX_PAGES + 1 }, (_, n) => [`Page ${n}`])),
    type: "application/pdf",
  },
  "/large.pdf": {
    body: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(MEMORY_BUDGET.pdfMaxBytes, 0x20)]),
    type: "application/pdf",
  },
  "/not-a-pdf": { body: Buffer.from("just some bytes"), type: "application/octet-stream" },
};

let server: Server;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "linkstash-pdf-"));
  server = createServer((req, res) => {
    const file = FILES[req.url ?? ""];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file.type, "content-length": file.body.length }).end(file.body);
  });
  const [host, port] = PDF_TEST_HOST.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(directory, { recursive: true, force: true });
});

async function save(cookie: string, file: string): Promise<string> {
  const res = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: `${origin}${file}` } }));
  expect(res.status).toBe(201);
  return (await res.json()).link.id;
}

async function article(cookie: string, id: string) {
  const res = await readArticle(apiRequest("GET", `/api/links/${id}/article`, { cookie }), routeParams({ id }));
  expect(res.status).toBe(200);
  return res.json();
}

describe("a saved PDF", () => {
  it(
    "becomes an article: its text by page, its title, searchable, and a book epubcheck accepts",
    { timeout: 120_000 },
    async () => {
      const { user, cookie } = await signedInUser();
      const id = await save(cookie, "/tracemonkey.pdf");
      await flushAfterTasks();

      const answer = await article(cookie, id);
      expect(answer).toMatchObject({
        status: "ready",
        title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
        mimeType: "application/pdf",
      });
      expect(answer.contentHtml).toContain("<h2>Page 1</h2>");
      expect(answer.contentHtml).toContain("<h2>Page 14</h2>");
      expect(answer.contentHtml).toContain("Dynamic languages such as JavaScript are more difficult to compile");
      expect(answer.wordCount).toBeGreaterThan(8_000);
      expect(answer.readingMinutes).toBeGreaterThan(30);
      // The link takes the document's title, as a page's would be its <title>.
      const link = await getDb().link.findUniqueOrThrow({ where: { id } });
      expect(link.title).toBe(answer.title);
      expect(link.readingMinutes).toBe(answer.readingMinutes);

      // A word of the paper's text only (an author's name): found by the history's full-text search.
      const found = await history(apiRequest("GET", "/api/links/history?q=Haghighat", { cookie }));
      expect(found.status).toBe(200);
      expect(((await found.json()) as { id: string }[]).map((entry) => entry.id)).toEqual([id]);

      const now = new Date();
      const book = await selectBook(user, { q: null, unread: false }, now);
      const file = path.join(directory, "paper.epub");
      await pipeline(
        buildEpub(book.links, {
          title: book.title,
          description: book.description,
          now,
          fetchImage: () => Promise.resolve(null),
        }),
        createWriteStream(file),
      );
      const report = await epubcheck(file);
      expect(report.problems).toEqual([]);
      expect(report.errors).toBe(0);
      expect(report.fatals).toBe(0);
    },
  );

  it("is read when served as generic bytes that begin as a PDF; other bytes are no page", async () => {
    const { cookie } = await signedInUser();
    const pdf = await save(cookie, "/download");
    const bytes = await save(cookie, "/not-a-pdf");
    await flushAfterTasks();
    const answer = await article(cookie, pdf);
    expect(answer).toMatchObject({ status: "ready", title: "Kestrel notes", mimeType: "application/pdf" });
    expect(answer.contentHtml).toContain("kestrelwing");
    // Not HTML and not a PDF: the page did not answer, as before (pending while it is retried).
    expect(await getDb().article.findUniqueOrThrow({ where: { linkId: bytes } })).toMatchObject({ status: "failed" });
  });

  it("is unavailable when it holds only images, and over a limit with that limit's reason", async () => {
    const { cookie } = await signedInUser();
    const scan = await save(cookie, "/scan.pdf");
    const long = await save(cookie, "/long.pdf");
    const large = await save(cookie, "/large.pdf");
    await flushAfterTasks();
    expect(await article(cookie, scan)).toEqual({ status: "unavailable", reason: "this PDF holds only images" });
    expect(await article(cookie, long)).toEqual({ status: "unavailable", reason: UNAVAILABLE_REASONS.pdfTooManyPages });
    expect(await article(cookie, large)).toEqual({ status: "unavailable", reason: UNAVAILABLE_REASONS.pdfTooLarge });
  });
});
