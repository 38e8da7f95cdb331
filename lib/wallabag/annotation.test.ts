import { describe, expect, it } from "vitest";
import {
  articleText,
  offsetsToRanges,
  rangesOfHighlight,
  rangesToOffsets,
  selectorsOfAnnotation,
  toAnnotation,
} from "@/lib/wallabag/annotation";

// An article as the sanitiser stores it; annotator.js's ranges name elements below the one the
// article is shown in, with offsets into each element's text.
const HTML =
  '<div class="page"><h2>Title</h2>\n<p>The quick <em>brown</em> fox jumps.</p>\n<p>Over the lazy dog. The fox again.</p></div>';

describe("articleText", () => {
  it("reads the text as a browser's textContent and places every element", () => {
    const article = articleText(HTML);
    expect(article.text).toBe("Title\nThe quick brown fox jumps.\nOver the lazy dog. The fox again.");
    expect(article.elements.get("/div[1]/p[2]")).toEqual({ start: 33, end: 66 });
    expect(article.elements.get("/div[1]/p[1]/em[1]")).toEqual({ start: 16, end: 21 });
    expect(article.elements.get("")).toEqual({ start: 0, end: article.text.length });
  });
});

describe("ranges and offsets", () => {
  const article = articleText(HTML);

  it("converts annotator.js's ranges to offsets in the text and back", () => {
    // "brown fox": from the <em> to the text after it, in the first paragraph.
    const ranges = [{ start: "/div[1]/p[1]/em[1]", startOffset: 0, end: "/div[1]/p[1]", endOffset: 19 }];
    const offsets = rangesToOffsets(article, ranges);
    expect(offsets).toEqual({ start: 16, end: 25 });
    expect(article.text.slice(16, 25)).toBe("brown fox");
    expect(offsetsToRanges(article, 16, 25)).toEqual(ranges);
  });

  it("reads positions without an index, in any case, and the root as the empty path", () => {
    expect(rangesToOffsets(article, [{ start: "/DIV/p[2]", startOffset: 0, end: "/div/p[2]", endOffset: 4 }])).toEqual({
      start: 33,
      end: 37,
    });
    expect(rangesToOffsets(article, [{ start: "", startOffset: 0, end: "", endOffset: 5 }])).toEqual({
      start: 0,
      end: 5,
    });
  });

  it("finds no place for ranges that do not fit the article", () => {
    const bad = (start: string, startOffset: number, end: string, endOffset: number) =>
      rangesToOffsets(article, [{ start, startOffset, end, endOffset }]);
    expect(bad("/div[1]/p[9]", 0, "/div[1]/p[9]", 3)).toBeNull();
    expect(bad("/div[1]/p[1]", 0, "/div[1]/p[1]", 999)).toBeNull();
    expect(bad("/div[1]/p[1]", 5, "/div[1]/p[1]", 5)).toBeNull();
    expect(rangesToOffsets(article, [])).toBeNull();
    expect(offsetsToRanges(article, 5, 5)).toEqual([]);
    expect(offsetsToRanges(article, 0, 10_000)).toEqual([]);
  });
});

describe("an annotation as a highlight", () => {
  const article = articleText(HTML);

  it("keeps the quote where the ranges point, with its context", () => {
    // The second "fox" (in "The fox again"), named by its ranges.
    const selectors = selectorsOfAnnotation(article, {
      quote: "fox",
      ranges: [{ start: "/div[1]/p[2]", startOffset: 23, end: "/div[1]/p[2]", endOffset: 26 }],
    });
    expect(selectors).toMatchObject({ quote: "fox", start: 56, end: 59, suffix: " again." });
    expect(selectors?.prefix.endsWith("dog. The ")).toBe(true);
  });

  it("takes the passage the ranges cover when the quote is empty, and refuses when there is neither", () => {
    const ranges = [{ start: "/div[1]/p[1]", startOffset: 4, end: "/div[1]/p[1]", endOffset: 9 }];
    expect(selectorsOfAnnotation(article, { quote: "", ranges })).toMatchObject({ quote: "quick", start: 10, end: 15 });
    expect(selectorsOfAnnotation(article, { quote: " ", ranges: [] })).toBeNull();
    expect(selectorsOfAnnotation(null, { quote: "", ranges })).toBeNull();
  });

  it("keeps a quote the article does not have (nor an article at all) as sent", () => {
    expect(selectorsOfAnnotation(article, { quote: "not in the text at all", ranges: [] })).toEqual({
      quote: "not in the text at all",
      prefix: "",
      suffix: "",
      start: null,
      end: null,
    });
    expect(selectorsOfAnnotation(null, { quote: "fox", ranges: [] })).toMatchObject({ quote: "fox", start: null });
  });

  it("gives a highlight's ranges from its offsets, else its quote's exact place, else none", () => {
    const at = { quote: "lazy dog", prefix: "", suffix: "", start: 42, end: 50 };
    expect(article.text.slice(42, 50)).toBe("lazy dog");
    const expected = [{ start: "/div[1]/p[2]", startOffset: 9, end: "/div[1]/p[2]", endOffset: 17 }];
    expect(rangesOfHighlight(article, at)).toEqual(expected);
    expect(rangesOfHighlight(article, { ...at, start: 3, end: 11 })).toEqual(expected);
    expect(rangesOfHighlight(article, { ...at, start: null, end: null })).toEqual(expected);
    expect(rangesOfHighlight(article, { ...at, quote: "lazy cat" })).toEqual([]);
    expect(rangesOfHighlight(null, at)).toEqual([]);
  });

  it("answers wallabag's annotation shape", () => {
    const at = new Date("2026-11-29T10:00:00.000Z");
    const answer = toAnnotation(
      {
        serial: 7,
        note: null,
        quote: "quick",
        prefix: "",
        suffix: "",
        start: 10,
        end: 15,
        createdAt: at,
        updatedAt: at,
      },
      "Reader",
      article,
    );
    expect(answer).toEqual({
      id: 7,
      text: "",
      created_at: "2026-11-29T10:00:00+0000",
      updated_at: "2026-11-29T10:00:00+0000",
      quote: "quick",
      ranges: [{ start: "/div[1]/p[1]", startOffset: 4, end: "/div[1]/p[1]", endOffset: 9 }],
      user: "Reader",
      annotator_schema_version: "v1.0",
    });
    expect(Object.keys(answer)).toEqual([
      "id",
      "text",
      "created_at",
      "updated_at",
      "quote",
      "ranges",
      "user",
      "annotator_schema_version",
    ]);
  });
});
