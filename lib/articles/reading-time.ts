// Word count and reading time of an article's plain text. Pure: the reader page and the digest
// show the same figure.

export const WORDS_PER_MINUTE = 230;

// Han, Hiragana, Katakana and Hangul are written without spaces between words: two characters count
// as one word, which gives Chinese and Japanese text about the reading speed measured for them.
const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu;

export function countWords(text: string): number {
  const cjk = text.match(CJK_CHARACTER)?.length ?? 0;
  const rest = text.replace(CJK_CHARACTER, " ").match(WORD)?.length ?? 0;
  return rest + Math.ceil(cjk / 2);
}

/** Whole minutes at WORDS_PER_MINUTE, at least 1 for any text. */
export function readingMinutes(wordCount: number): number {
  return wordCount === 0 ? 0 : Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE));
}
