import { describe, expect, it } from "vitest";
import { runReadability } from "./run-readability";

// The worker pool: pages wait for one of its workers, a worker serves page after page, and a page
// that stops its worker (too slow) leaves the pool able to read the next.

function articlePage(title: string, words = 600): string {
  const paragraph = (n: number) =>
    `<p>${Array.from({ length: 60 }, (_, i) => `word${(n * 60 + i) % words}`).join(" ")}, as the keeper wrote.</p>`;
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <article><h1>${title}</h1>${Array.from({ length: 12 }, (_, n) => paragraph(n)).join("")}</article></body></html>`;
}

describe("runReadability", () => {
  it("reads more pages at once than it has workers, each page its own article", async () => {
    const titles = Array.from({ length: 7 }, (_, i) => `The lighthouse log, part ${i + 1}`);
    const results = await Promise.all(titles.map((title) => runReadability(articlePage(title))));
    expect(results.map((result) => (result.readerable ? result.title : null))).toEqual(titles);
  });

  it("says a page is not an article when it has no article", async () => {
    await expect(runReadability("<!doctype html><html><body><p>Hi.</p></body></html>")).resolves.toEqual({
      readerable: false,
    });
  });

  it("stops a page that takes too long, and reads the next one on a new worker", async () => {
    const long = articlePage("A very long log", 5000).replace(
      /<\/article>/,
      `${"<p>more words here</p>".repeat(40_000)}</article>`,
    );
    await expect(runReadability(long, 1)).rejects.toThrow("Readability took longer than 1 ms");
    const next = await runReadability(articlePage("After the storm"));
    expect(next.readerable && next.title).toBe("After the storm");
  });
});
