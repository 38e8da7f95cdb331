import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deepPage, manySmallElementsPage } from "@/tests/support/hostile-pages";
import { MAX_DEPTH, MAX_ELEMENTS, measurePage } from "./extraction-rules.mjs";

// The budget check before any DOM is built (decision 0300): every page of Readability's test corpus
// passes, and the pages that cost a DOM its heap or Readability minutes are refused.

const CORPUS = path.resolve("tests/fixtures/readability-test-pages");

describe("measurePage", () => {
  it("passes all of Readability's test pages", () => {
    const pages = readdirSync(CORPUS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(pages).toHaveLength(19);
    for (const page of pages) {
      const measure = measurePage(readFileSync(path.join(CORPUS, page.name, "source.html"), "utf8"));
      expect(measure.within, page.name).toBe(true);
      expect(measure.elements).toBeGreaterThan(0);
    }
  });

  it("counts elements and their deepest nesting, void and implied closes included", () => {
    expect(measurePage("<html><body><div><p>a<p>b<br><img src=x></div><ul><li>1<li>2</ul></body></html>")).toEqual({
      within: true,
      elements: 10,
      maxDepth: 5,
    });
  });

  it("refuses 60,000 paragraphs of five inline elements, stopping at the first element over the budget", () => {
    expect(measurePage(manySmallElementsPage())).toEqual({ within: false, elements: MAX_ELEMENTS + 1, maxDepth: 5 });
    expect(measurePage(deepPage()).within).toBe(false);
  });

  it("refuses nesting deeper than the budget, and keeps a page at the budget", () => {
    const nested = (depth: number) => `${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}`;
    expect(measurePage(nested(MAX_DEPTH))).toEqual({ within: true, elements: MAX_DEPTH, maxDepth: MAX_DEPTH });
    // 100,000 unclosed divs: refused at once, without the tokenizer's seconds of closing them all.
    expect(measurePage("<div>".repeat(100_000))).toEqual({
      within: false,
      elements: MAX_DEPTH + 1,
      maxDepth: MAX_DEPTH + 1,
    });
  });

  it("takes other budgets", () => {
    expect(measurePage("<p>a</p><p>b</p><p>c</p>", { maxElements: 2, maxDepth: 10 }).within).toBe(false);
    expect(measurePage("<p>a</p><p>b</p>", { maxElements: 2, maxDepth: 10 }).within).toBe(true);
  });
});
