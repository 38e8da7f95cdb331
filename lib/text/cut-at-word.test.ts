import { describe, expect, it } from "vitest";
import { cutAtWord } from "@/lib/text/cut-at-word";

describe("cutAtWord", () => {
  it("keeps a text that fits", () => {
    expect(cutAtWord("short enough", 12)).toBe("short enough");
  });

  it("cuts at the last word boundary and adds an ellipsis, within the limit", () => {
    const cut = cutAtWord("The quick brown fox jumps over the lazy dog", 20);
    expect(cut).toBe("The quick brown fox…");
    expect(cut.length).toBeLessThanOrEqual(20);
  });

  it("keeps a word that ends exactly at the cut", () => {
    expect(cutAtWord("alpha beta gamma", 11)).toBe("alpha beta…");
  });

  it("drops trailing punctuation before the ellipsis", () => {
    expect(cutAtWord("one, two, three, four", 10)).toBe("one, two…");
  });

  it("cuts a text without spaces where it must, not inside a surrogate pair", () => {
    expect(cutAtWord("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
    expect(cutAtWord(`${"a".repeat(8)}😀zz`, 10)).toBe(`${"a".repeat(8)}…`);
  });
});
