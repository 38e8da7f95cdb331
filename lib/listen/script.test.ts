import { describe, expect, it } from "vitest";
import { buildScript, MAX_SENTENCE_CHARS, splitSentences } from "./script";

describe("splitSentences", () => {
  it("splits a paragraph into its sentences with their places in the text", () => {
    const text = "The keeper woke early.  He climbed the stairs! Was the lamp lit?";
    const sentences = splitSentences(text, "en");
    expect(sentences.map((s) => s.text)).toEqual([
      "The keeper woke early.",
      "He climbed the stairs!",
      "Was the lamp lit?",
    ]);
    for (const sentence of sentences)
      expect(text.slice(sentence.start, sentence.start + sentence.text.length)).toBe(sentence.text);
  });

  it("keeps abbreviations and decimals inside a sentence", () => {
    expect(splitSentences("It cost 3.5 dollars, e.g. a coffee. Then it rained.", "en").map((s) => s.text)).toEqual([
      "It cost 3.5 dollars, e.g. a coffee.",
      "Then it rained.",
    ]);
  });

  it("reads a very long sentence in parts cut between words", () => {
    const text = `${"word ".repeat(200)}end.`;
    const parts = splitSentences(text, "en");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.text.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
      expect(part.text.startsWith("word") || part.text === "end.").toBe(true);
    }
    expect(parts.map((p) => p.text).join(" ")).toBe(text);
  });

  it("takes a page's odd language tag as no language", () => {
    expect(splitSentences("One. Two.", "not a tag!").map((s) => s.text)).toEqual(["One.", "Two."]);
  });

  it("splits other scripts by their own punctuation", () => {
    expect(splitSentences("今日は晴れです。明日は雨です。", "ja").map((s) => s.text)).toEqual([
      "今日は晴れです。",
      "明日は雨です。",
    ]);
  });
});

describe("buildScript", () => {
  it("leaves out paragraphs with nothing to read", () => {
    const script = buildScript(["First one. Second.", "   ", "Last."], "en");
    expect(script.map((p) => p.sentences.map((s) => s.text))).toEqual([["First one.", "Second."], ["Last."]]);
  });
});
