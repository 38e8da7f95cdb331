import { describe, expect, it } from "vitest";
import { countWords, readingMinutes, WORDS_PER_MINUTE } from "./reading-time";

describe("countWords", () => {
  it("counts words separated by spaces and punctuation, with apostrophes and hyphens inside a word", () => {
    expect(countWords("It's a well-known fact: 3 cats, 2 dogs.")).toBe(8);
    expect(countWords("   ")).toBe(0);
  });

  it("counts two Chinese or Japanese characters as one word", () => {
    expect(countWords("人工智能迈上新台阶")).toBe(5);
    expect(countWords("DeepMind新电脑")).toBe(3);
  });

  it("counts Arabic and Cyrillic words", () => {
    expect(countWords("مرحبا بالعالم")).toBe(2);
    expect(countWords("Привет, мир")).toBe(2);
  });
});

describe("readingMinutes", () => {
  it("rounds to whole minutes at 230 words a minute, at least one for any text", () => {
    expect(WORDS_PER_MINUTE).toBe(230);
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(230 * 4)).toBe(4);
    expect(readingMinutes(10_000)).toBe(43);
  });
});
