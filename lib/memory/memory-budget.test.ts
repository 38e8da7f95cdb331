import { describe, expect, it } from "vitest";
import { EXTRACTOR_OVERHEAD_MB, memoryBudget, nearHeapLimit, serverHeapFlags } from "./memory-budget.mjs";

const MB = 1024 * 1024;

describe("memoryBudget", () => {
  it("fits one small extractor child, one page at a time and one EPUB build into 512 MB", () => {
    const budget = memoryBudget(512);
    expect(budget).toEqual({
      limitMb: 512,
      serverHeapMb: 128,
      serverSemiSpaceMb: 16,
      articleMaxBytes: 2 * MB,
      pdfMaxBytes: 4 * MB,
      extractors: { count: 1, heapMb: 96 },
      pageWork: { concurrency: 1, maxBytes: 3 * MB },
      epubBuildsAtOnce: 1,
      databaseAndRestMb: 192,
    });
    // Two children of today's 256 MB heap alone would exceed the machine.
    expect(budget.extractors.count * (budget.extractors.heapMb + EXTRACTOR_OVERHEAD_MB)).toBeLessThan(512 / 2);
  });

  it("gives 1 GB two children and two pages at once", () => {
    expect(memoryBudget(1024)).toMatchObject({
      serverHeapMb: 288,
      serverSemiSpaceMb: 32,
      articleMaxBytes: 5 * MB,
      pdfMaxBytes: 8 * MB,
      extractors: { count: 2, heapMb: 128 },
      pageWork: { concurrency: 2, maxBytes: 12 * MB },
      epubBuildsAtOnce: 2,
      databaseAndRestMb: 288,
    });
  });

  it("gives 4 GB the full-sized children and three pages at once", () => {
    expect(memoryBudget(4096)).toMatchObject({
      serverHeapMb: 1696,
      articleMaxBytes: 5 * MB,
      pdfMaxBytes: 20 * MB,
      extractors: { count: 2, heapMb: 256 },
      pageWork: { concurrency: 3, maxBytes: 12 * MB },
      epubBuildsAtOnce: 4,
    });
  });

  it("stops the server's heap at Node's own largest default on a big machine", () => {
    const budget = memoryBudget(24 * 1024);
    expect(budget.serverHeapMb).toBe(4096);
    expect(budget.extractors).toEqual({ count: 2, heapMb: 256 });
    expect(budget.databaseAndRestMb).toBe(24 * 1024 - 2 * (256 + EXTRACTOR_OVERHEAD_MB) - 64 - 4096);
  });

  it("never hands out more than the limit, always room for one whole article in flight, and 5 MB articles from 1 GB", () => {
    for (const limitMb of [384, 400, 512, 700, 1023, 1024, 2047, 2048, 4096, 24 * 1024]) {
      const budget = memoryBudget(limitMb);
      const children = budget.extractors.count * (budget.extractors.heapMb + EXTRACTOR_OVERHEAD_MB);
      expect(children + 2 * budget.serverSemiSpaceMb + budget.serverHeapMb + budget.databaseAndRestMb).toBe(limitMb);
      expect(budget.serverHeapMb).toBeGreaterThan(0);
      expect(budget.databaseAndRestMb).toBeGreaterThanOrEqual(budget.serverHeapMb);
      expect(budget.pageWork.maxBytes).toBeGreaterThan(budget.articleMaxBytes);
      expect(budget.articleMaxBytes).toBe(limitMb < 1024 ? 2 * MB : 5 * MB);
    }
  });

  it("refuses a limit the server cannot run in", () => {
    expect(() => memoryBudget(256)).toThrow(/below the 384 MB/);
    expect(() => memoryBudget(Number.NaN)).toThrow(RangeError);
  });
});

describe("serverHeapFlags", () => {
  it("gives node the budget's old and young generation sizes", () => {
    expect(serverHeapFlags(memoryBudget(512))).toEqual(["--max-old-space-size=128", "--max-semi-space-size=16"]);
  });
});

describe("nearHeapLimit", () => {
  it("is under pressure past three quarters of the heap", () => {
    expect(nearHeapLimit({ usedBytes: 100 * MB, limitBytes: 160 * MB })).toBe(false);
    expect(nearHeapLimit({ usedBytes: 121 * MB, limitBytes: 160 * MB })).toBe(true);
  });
});
