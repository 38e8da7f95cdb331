// History search (`?q=`): the user's words become a PostgreSQL tsquery for
// to_tsquery('simple', …), passed as a bound parameter. Only letters, digits and combining marks
// survive, so no tsquery operator or quote can reach the parser; every word is a prefix, AND-ed.

export const MAX_SEARCH_LENGTH = 200;
export const MAX_SEARCH_WORDS = 10;
export const SEARCH_TOO_LONG_MESSAGE = `Search for at most ${MAX_SEARCH_WORDS} words and ${MAX_SEARCH_LENGTH} characters`;

export type SearchQuery = { ok: true; tsquery: string | null } | { ok: false; message: string };

const NOT_A_WORD_CHARACTER = /[^\p{L}\p{N}\p{M}]+/u;

/** The words of a search, lower-cased, in order, duplicates dropped. */
export function searchWords(input: string): string[] {
  const words = input.normalize("NFC").toLowerCase().split(NOT_A_WORD_CHARACTER).filter(Boolean);
  return [...new Set(words)];
}

/** "Rust async!" -> "rust:* & async:*"; blank or punctuation only -> null (no search). */
export function buildSearchQuery(input: string): SearchQuery {
  if (input.length > MAX_SEARCH_LENGTH) return { ok: false, message: SEARCH_TOO_LONG_MESSAGE };
  const words = searchWords(input);
  if (words.length > MAX_SEARCH_WORDS) return { ok: false, message: SEARCH_TOO_LONG_MESSAGE };
  return { ok: true, tsquery: words.length === 0 ? null : words.map((word) => `${word}:*`).join(" & ") };
}
