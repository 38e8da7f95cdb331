import { describe, expect, it } from "vitest";
import { buildSearchQuery, MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, SEARCH_TOO_LONG_MESSAGE, searchWords } from "./search";

describe("buildSearchQuery", () => {
  it("turns each word into a lower-case prefix, AND-ed", () => {
    expect(buildSearchQuery("Rust async")).toEqual({ ok: true, tsquery: "rust:* & async:*" });
  });

  it.each(["", "   ", "!!! ---", "&|!():*'\""])("means no search for %j", (input) => {
    expect(buildSearchQuery(input)).toEqual({ ok: true, tsquery: null });
  });

  it("splits on punctuation, so URLs and tsquery syntax become plain words", () => {
    expect(buildSearchQuery("https://Example.com/docs-page")).toEqual({
      ok: true,
      tsquery: "https:* & example:* & com:* & docs:* & page:*",
    });
    expect(buildSearchQuery("a & !b | (c:*) <-> 'd'")).toEqual({ ok: true, tsquery: "a:* & b:* & c:* & d:*" });
    expect(buildSearchQuery("x\\y\u0000z")).toEqual({ ok: true, tsquery: "x:* & y:* & z:*" });
  });

  it("keeps letters and digits of any script, composed (NFC)", () => {
    expect(buildSearchQuery("Über café 東京 ١٢٣ naïve")).toEqual({
      ok: true,
      tsquery: "über:* & café:* & 東京:* & ١٢٣:* & naïve:*",
    });
    // "e" + combining acute accent is the same word as the precomposed "é".
    expect(buildSearchQuery("cafe\u0301")).toEqual({ ok: true, tsquery: "café:*" });
  });

  it("drops repeated words", () => {
    expect(searchWords("News news NEWS, tech")).toEqual(["news", "tech"]);
  });

  it(`refuses more than ${MAX_SEARCH_LENGTH} characters or ${MAX_SEARCH_WORDS} words`, () => {
    expect(buildSearchQuery("a".repeat(MAX_SEARCH_LENGTH)).ok).toBe(true);
    expect(buildSearchQuery("a".repeat(MAX_SEARCH_LENGTH + 1))).toEqual({
      ok: false,
      message: SEARCH_TOO_LONG_MESSAGE,
    });
    const words = Array.from({ length: MAX_SEARCH_WORDS }, (_, index) => `w${index}`);
    expect(buildSearchQuery(words.join(" ")).ok).toBe(true);
    expect(buildSearchQuery([...words, "one-more"].join(" "))).toEqual({ ok: false, message: SEARCH_TOO_LONG_MESSAGE });
  });
});
