import { describe, expect, it } from "vitest";
import { snapToWords } from "./snap-to-words";

const text = "The quick brown fox jumps.";

function quote(start: number, end: number): string {
  const snapped = snapToWords(text, start, end, "en");
  return text.slice(snapped.start, snapped.end);
}

describe("snapToWords", () => {
  it("widens both ends from mid-word to whole words", () => {
    expect(quote(6, 12)).toBe("quick brown");
  });
  it("keeps a selection already on word boundaries", () => {
    expect(quote(4, 9)).toBe("quick");
  });
  it("accepts ends given backwards", () => {
    expect(quote(12, 6)).toBe("quick brown");
  });
  it("does not swallow punctuation next to a word", () => {
    expect(quote(21, 24)).toBe("jumps");
  });
  it("widens an end inside the text's first or last word", () => {
    expect(quote(1, 7)).toBe("The quick");
    expect(quote(17, 26)).toBe("fox jumps.");
    expect(quote(22, 25)).toBe("jumps");
  });
  it("leaves an empty selection empty", () => {
    expect(snapToWords(text, 5, 5, "en")).toEqual({ start: 5, end: 5 });
  });
});
