import { describe, expect, it } from "vitest";
import {
  clampPosition,
  formatPosition,
  nextParagraph,
  nextSentence,
  parsePosition,
  parseRate,
  previousParagraph,
  START,
} from "./position";
import { buildScript } from "./script";

const script = buildScript(["A one. A two. A three.", "B one.", "C one. C two."], "en");

describe("listen position", () => {
  it("goes sentence by sentence across paragraphs and stops at the end", () => {
    const seen = [];
    for (let at: ReturnType<typeof nextSentence> = START; at; at = nextSentence(script, at))
      seen.push(formatPosition(at));
    expect(seen).toEqual(["0:0", "0:1", "0:2", "1:0", "2:0", "2:1"]);
  });

  it("skips to the next paragraph's start, staying on the last one at the end", () => {
    expect(nextParagraph(script, { paragraph: 0, sentence: 2 })).toEqual({ paragraph: 1, sentence: 0 });
    expect(nextParagraph(script, { paragraph: 2, sentence: 1 })).toEqual({ paragraph: 2, sentence: 0 });
  });

  it("goes back to this paragraph's start first, then to the previous one", () => {
    expect(previousParagraph(script, { paragraph: 2, sentence: 1 })).toEqual({ paragraph: 2, sentence: 0 });
    expect(previousParagraph(script, { paragraph: 2, sentence: 0 })).toEqual({ paragraph: 1, sentence: 0 });
    expect(previousParagraph(script, START)).toEqual(START);
  });

  it("clamps a remembered position into an article that became shorter", () => {
    expect(clampPosition(script, { paragraph: 9, sentence: 9 })).toEqual({ paragraph: 2, sentence: 1 });
    expect(clampPosition(script, { paragraph: 0, sentence: 7 })).toEqual({ paragraph: 0, sentence: 2 });
    expect(clampPosition([], { paragraph: 3, sentence: 1 })).toEqual(START);
  });

  it("reads back only what it stored", () => {
    expect(parsePosition(formatPosition({ paragraph: 12, sentence: 3 }))).toEqual({ paragraph: 12, sentence: 3 });
    expect(parsePosition(null)).toBeNull();
    expect(parsePosition("12")).toBeNull();
    expect(parsePosition("-1:2")).toBeNull();
  });

  it("offers only its own speeds", () => {
    expect(parseRate("1.5")).toBe(1.5);
    expect(parseRate("7")).toBe(1);
    expect(parseRate(null)).toBe(1);
  });
});
