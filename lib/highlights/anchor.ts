import { CONTEXT_LENGTH } from "@/lib/highlights/rules";

// Finding a highlight in an article's text (decision 0336): the text may have been extracted again
// from a page that changed since. Pure, so the reader and the tests share it.

export type Selectors = {
  quote: string;
  prefix: string;
  suffix: string;
  /** Where the quote was when the highlight was made (TextPositionSelector), if known. */
  start: number | null;
  end: number | null;
};

export type Anchor = {
  start: number;
  end: number;
  /** How it was found: the quote in its context, the quote alone, or an approximate match. */
  method: "context" | "quote" | "fuzzy";
};

/** The selectors of text[start, end): the quote and CONTEXT_LENGTH characters either side. */
export function describeRange(text: string, start: number, end: number): Selectors {
  return {
    quote: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - CONTEXT_LENGTH), start),
    suffix: text.slice(end, end + CONTEXT_LENGTH),
    start,
    end,
  };
}

const MIN_CONTEXT_AGREEMENT = 8;
// An approximate match may differ from the quote by this share of its characters (edits, fixed typos).
const FUZZY_ERROR_RATE = 0.2;
// The approximate search costs quote × text steps: past this many it looks only near the old position.
const MAX_FUZZY_CELLS = 20_000_000;

/**
 * Where the highlight is in `text`, or null when it cannot be found there. The quote where its
 * prefix and suffix also match best (ties: nearest the old position) first; then the quote alone;
 * then the closest approximate match (at most FUZZY_ERROR_RATE of its characters differ), nearest the
 * old position.
 */
export function anchorHighlight(text: string, selectors: Selectors): Anchor | null {
  const { quote } = selectors;
  if (quote.length === 0) return null;
  const exact = bestOccurrence(text, selectors);
  if (exact) return exact;
  return fuzzyMatch(text, selectors);
}

/** Where the highlight's quote is word for word in `text` (anchorHighlight without the approximate search). */
export function anchorExactly(text: string, selectors: Selectors): Anchor | null {
  return selectors.quote.length === 0 ? null : bestOccurrence(text, selectors);
}

function occurrences(text: string, quote: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) found.push(at);
  return found;
}

/** Characters the text just before `at` shares with the end of `prefix`. */
function prefixAgreement(text: string, at: number, prefix: string): number {
  let shared = 0;
  while (shared < prefix.length && shared < at && text[at - 1 - shared] === prefix[prefix.length - 1 - shared])
    shared += 1;
  return shared;
}

/** Characters the text from `at` shares with the start of `suffix`. */
function suffixAgreement(text: string, at: number, suffix: string): number {
  let shared = 0;
  while (shared < suffix.length && at + shared < text.length && text[at + shared] === suffix[shared]) shared += 1;
  return shared;
}

function bestOccurrence(text: string, selectors: Selectors): Anchor | null {
  const { quote, prefix, suffix, start } = selectors;
  let best: { at: number; context: number; distance: number } | null = null;
  for (const at of occurrences(text, quote)) {
    const context = prefixAgreement(text, at, prefix) + suffixAgreement(text, at + quote.length, suffix);
    const distance = start === null ? 0 : Math.abs(at - start);
    if (!best || context > best.context || (context === best.context && distance < best.distance))
      best = { at, context, distance };
  }
  if (!best) return null;
  // A character or two of agreement is chance (a space, "the"); a few words are the context.
  const enough = Math.min(MIN_CONTEXT_AGREEMENT, prefix.length + suffix.length);
  return {
    start: best.at,
    end: best.at + quote.length,
    method: enough > 0 && best.context >= enough ? "context" : "quote",
  };
}

/**
 * Sellers' approximate substring search: the substring of `text` with the fewest edits from the
 * quote, within the allowed errors. Looks near the old position when the whole text would cost too much.
 */
function fuzzyMatch(text: string, selectors: Selectors): Anchor | null {
  const { quote, start } = selectors;
  const maxErrors = Math.floor(quote.length * FUZZY_ERROR_RATE);
  if (maxErrors === 0) return null;
  let from = 0;
  let to = text.length;
  if (quote.length * text.length > MAX_FUZZY_CELLS) {
    if (start === null) return null;
    const reach = Math.floor(MAX_FUZZY_CELLS / quote.length / 2);
    from = Math.max(0, Math.min(start, text.length) - reach);
    to = Math.min(text.length, from + 2 * reach);
  }
  const m = quote.length;
  // cost[i]: edits between quote[0, i) and the best text substring ending here; origin[i]: where it starts.
  let cost = Array.from({ length: m + 1 }, (_, i) => i);
  let origin = new Array<number>(m + 1).fill(from);
  let best: { start: number; end: number; errors: number; distance: number; misfit: number } | null = null;
  for (let j = from; j < to; j += 1) {
    const nextCost = new Array<number>(m + 1);
    const nextOrigin = new Array<number>(m + 1);
    nextCost[0] = 0;
    nextOrigin[0] = j + 1;
    for (let i = 1; i <= m; i += 1) {
      const substitute = (cost[i - 1] ?? 0) + (quote[i - 1] === text[j] ? 0 : 1);
      const skipText = (cost[i] ?? 0) + 1;
      const skipQuote = (nextCost[i - 1] ?? 0) + 1;
      if (substitute <= skipText && substitute <= skipQuote) {
        nextCost[i] = substitute;
        nextOrigin[i] = origin[i - 1] ?? j;
      } else if (skipText <= skipQuote) {
        nextCost[i] = skipText;
        nextOrigin[i] = origin[i] ?? j;
      } else {
        nextCost[i] = skipQuote;
        nextOrigin[i] = nextOrigin[i - 1] ?? j;
      }
    }
    cost = nextCost;
    origin = nextOrigin;
    const errors = cost[m] ?? m;
    if (errors <= maxErrors) {
      const matchStart = origin[m] ?? j;
      const distance = start === null ? 0 : Math.abs(matchStart - start);
      // Equally close matches: the one as long as the quote ("twice!" over "twice" for "twice.").
      const misfit = Math.abs(j + 1 - matchStart - m);
      if (
        !best ||
        errors < best.errors ||
        (errors === best.errors && (distance < best.distance || (distance === best.distance && misfit < best.misfit)))
      )
        best = { start: matchStart, end: j + 1, errors, distance, misfit };
    }
  }
  return best ? { start: best.start, end: best.end, method: "fuzzy" } : null;
}
