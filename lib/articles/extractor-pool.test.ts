import { describe, expect, it } from "vitest";
import { deepPage, manySmallElementsPage } from "@/tests/support/hostile-pages";
import {
  EXTRACTOR_POOL_SIZE,
  extractorPids,
  type ExtractorPage,
  type JobEnd,
  runExtractor,
  runInExtractor,
} from "./extractor-pool";

// The extractor children (decision 0300): pages wait for one of the pool's children, a child
// serves page after page, a page over the budget is refused before any DOM is built, and a child
// that dies or runs out of time takes only its own page with it: the next page gets a new child.

const APP_ORIGIN = "https://linkstash.example";

function articlePage(title: string, words = 600, extra = ""): ExtractorPage {
  const paragraph = (n: number) =>
    `<p>${Array.from({ length: 60 }, (_, i) => `word${(n * 60 + i) % words}`).join(" ")}, as the keeper wrote.</p>`;
  const html = `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <article><h1>${title}</h1>${Array.from({ length: 12 }, (_, n) => paragraph(n)).join("")}${extra}</article></body></html>`;
  return { html, url: "https://news.example/log/", appOrigin: APP_ORIGIN };
}

/** A page that keeps its child busy for seconds: a long article, under the element budget. */
const slowPage = () => articlePage("A very long log", 5000, "<p>more words here</p>".repeat(40_000));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("runExtractor", () => {
  it("reads more pages at once than it has children, each page its own article, with at most the pool's children", async () => {
    const titles = Array.from({ length: 7 }, (_, i) => `The lighthouse log, part ${i + 1}`);
    const results = await Promise.all(titles.map((title) => runExtractor(articlePage(title))));
    expect(results.map((result) => (result.readerable ? result.title : null))).toEqual(titles);
    expect(extractorPids().length).toBeLessThanOrEqual(EXTRACTOR_POOL_SIZE);
    expect(extractorPids()).not.toContain(process.pid);
  });

  it("sanitises in the child, dropping the app's own images and links", async () => {
    const result = await runExtractor(
      articlePage(
        "Signed out",
        600,
        `<p><img src="${APP_ORIGIN}/api/logout" alt="x"> <a href="${APP_ORIGIN}/api/logout">out</a></p>
        <script>alert(1)</script>`,
      ),
    );
    expect(result.readerable).toBe(true);
    if (!result.readerable) return;
    expect(result.content).not.toContain("linkstash.example");
    expect(result.content).not.toContain("<script");
    expect(result.content).toContain("<span>out</span>");
  });

  it("says a page is not an article when it has no article", async () => {
    const page = {
      html: "<!doctype html><html><body><p>Hi.</p></body></html>",
      url: "https://x.example/",
      appOrigin: APP_ORIGIN,
    };
    await expect(runExtractor(page)).resolves.toEqual({ readerable: false, reason: "not an article" });
  });

  it("refuses pages over the element or depth budget as too complex to read", async () => {
    const hostile = { html: manySmallElementsPage(), url: "https://x.example/", appOrigin: APP_ORIGIN };
    const deep = { html: deepPage(), url: "https://x.example/", appOrigin: APP_ORIGIN };
    await expect(runExtractor(hostile)).resolves.toEqual({ readerable: false, reason: "too complex to read" });
    await expect(runExtractor(deep)).resolves.toEqual({ readerable: false, reason: "too complex to read" });
  });

  it("kills a page that takes too long, and reads the next one on a new child", async () => {
    await expect(runExtractor(slowPage(), 1)).resolves.toEqual({ readerable: false, reason: "took too long" });
    const next = await runExtractor(articlePage("After the storm"));
    expect(next.readerable && next.title).toBe("After the storm");
  });

  it("survives its children being killed mid-page: the page is too large to read, the next gets a new child", async () => {
    const pending = runExtractor(slowPage());
    const before = extractorPids();
    expect(before.length).toBeGreaterThan(0);
    // As V8 ends a child that exhausts its heap, or the kernel one that exhausts the machine's memory.
    for (const pid of before) process.kill(pid, "SIGKILL");
    await expect(pending).resolves.toEqual({ readerable: false, reason: "too large to read" });
    const next = await runExtractor(articlePage("Calm again"));
    expect(next.readerable && next.title).toBe("Calm again");
    expect(extractorPids().some((pid) => before.includes(pid))).toBe(false);
    expect(before.some(isAlive)).toBe(false);
  });
});

describe("runInExtractor with a mail", () => {
  const mail = Buffer.from(
    ["From: Ada <ada@reader.test>", "Subject: Tides", "Content-Type: text/plain", "", "https://tides.example/a."].join(
      "\r\n",
    ),
  );
  const end: JobEnd<unknown> = { answer: (message) => message, gone: (timedOut) => ({ gone: timedOut }) };

  it("reads and classifies the mail in a child, between pages", async () => {
    const [reading, page] = await Promise.all([
      runInExtractor({ kind: "mail", source: new Uint8Array(mail), appOrigin: APP_ORIGIN }, 15_000, end),
      runExtractor(articlePage("Between the mails")),
    ]);
    expect(reading).toMatchObject({
      kind: "read",
      from: { address: "ada@reader.test", name: "Ada" },
      subject: "Tides",
      verdict: { kind: "link", url: "https://tides.example/a", note: "Tides" },
    });
    expect(page.readerable && page.title).toBe("Between the mails");
  });

  it("says a mail's child ran out of time, and reads the next mail on a new child", async () => {
    const huge = Buffer.concat([mail, Buffer.from(`\r\n${"word ".repeat(2_000_000)}`)]);
    const source = new Uint8Array(huge);
    await expect(runInExtractor({ kind: "mail", source, appOrigin: APP_ORIGIN }, 1, end)).resolves.toEqual({
      gone: true,
    });
    const next = await runInExtractor(
      { kind: "mail", source: new Uint8Array(mail), appOrigin: APP_ORIGIN },
      15_000,
      end,
    );
    expect(next).toMatchObject({ kind: "read", subject: "Tides" });
  });
});
