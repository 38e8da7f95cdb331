import { describe, expect, it } from "vitest";
import { anchorHighlight, describeRange } from "@/lib/highlights/anchor";

const ARTICLE =
  "The tide came in slowly. Nobody on the pier noticed the boat. " +
  "Later that night the boat was gone, and the tide came in slowly again. " +
  "By morning the harbour master had written it all down.";

function selectorsOf(text: string, quote: string, occurrence = 0) {
  let at = -1;
  for (let i = 0; i <= occurrence; i += 1) at = text.indexOf(quote, at + 1);
  if (at === -1) throw new Error(`"${quote}" is not in the text`);
  return describeRange(text, at, at + quote.length);
}

describe("anchorHighlight", () => {
  it("finds the quote where it was, in its context", () => {
    const selectors = selectorsOf(ARTICLE, "the boat");
    expect(anchorHighlight(ARTICLE, selectors)).toEqual({
      start: selectors.start,
      end: selectors.end,
      method: "context",
    });
  });

  it("tells a repeated passage apart by its prefix and suffix, not by its old position", () => {
    const second = selectorsOf(ARTICLE, "the tide came in slowly", 0);
    const selectors = { ...second, start: 0, end: 10 };
    const anchor = anchorHighlight(ARTICLE, selectors);
    expect(anchor?.start).toBe(second.start);
    expect(ARTICLE.slice(anchor?.start ?? 0, anchor?.end ?? 0)).toBe("the tide came in slowly");
  });

  it("survives a re-extraction of a changed page: text inserted before the quote, small edits around and in it", () => {
    const selectors = selectorsOf(ARTICLE, "Later that night the boat was gone");
    const changed =
      "Updated: a correction was added at the top of this story, several sentences long. " +
      ARTICLE.replace("Later that night the boat was gone", "Later that night, the boat was gone").replace(
        "By morning",
        "At dawn",
      );
    const anchor = anchorHighlight(changed, selectors);
    expect(anchor?.method).toBe("fuzzy");
    expect(changed.slice(anchor?.start ?? 0, anchor?.end ?? 0)).toBe("Later that night, the boat was gone");
  });

  it("finds the quote alone when its context changed entirely", () => {
    const selectors = selectorsOf(ARTICLE, "harbour master");
    const changed = "Completely new words here. The harbour master! Nothing else matches.";
    expect(anchorHighlight(changed, { ...selectors, start: null, end: null })).toEqual({
      start: changed.indexOf("harbour master"),
      end: changed.indexOf("harbour master") + "harbour master".length,
      method: "quote",
    });
  });

  it("reports null for a passage that is no longer in the text", () => {
    const selectors = selectorsOf(ARTICLE, "Nobody on the pier noticed the boat.");
    expect(anchorHighlight("An entirely different article about mountains and snow.", selectors)).toBeNull();
  });

  it("prefers the approximate match nearest the old position", () => {
    const text = "alpha betx gamma ... alpha betx gamma";
    const anchor = anchorHighlight(text, { quote: "alpha beta gamma", prefix: "", suffix: "", start: 21, end: 37 });
    expect(anchor).toEqual({ start: 21, end: 37, method: "fuzzy" });
  });

  it("looks only near the old position when the text is long", () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(40_000);
    const quote = "a sentence worth keeping, with a typo fixed later";
    const text = `${filler}a sentence worth keeping, with a typo fixed latr${filler}`;
    const anchor = anchorHighlight(text, { quote, prefix: "", suffix: "", start: filler.length + 40, end: null });
    expect(anchor?.start).toBe(filler.length);
    expect(anchorHighlight(text, { quote, prefix: "", suffix: "", start: null, end: null })).toBeNull();
  });

  it("never anchors an empty quote", () => {
    expect(anchorHighlight(ARTICLE, { quote: "", prefix: "", suffix: "", start: 0, end: 0 })).toBeNull();
  });
});
