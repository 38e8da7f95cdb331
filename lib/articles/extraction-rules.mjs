// The limits a page must keep to before the extractor builds its DOM (decision 0300). Plain
// JavaScript: the extractor child process (extractor-child.mjs) imports it as Node starts it, and
// the tests import it as it is, typed by the JSDoc below; one copy for both.
import { Parser } from "htmlparser2";

/** @typedef {{ maxElements: number; maxDepth: number }} PageLimits */
/** @typedef {{ within: boolean; elements: number; maxDepth: number }} PageMeasure */

/** Elements a page may hold: 5 times the largest of Readability's test pages (a 1 MB Wikipedia article). */
export const MAX_ELEMENTS = 50_000;
/** How deep elements may nest: the test pages reach 38; Readability's cost grows steeply with depth. */
export const MAX_DEPTH = 256;

// Stopping the tokenizer from inside its callbacks: thrown, caught just below.
class OverBudget extends Error {}

/**
 * Counts the elements of `html` and their deepest nesting with a streaming tokenizer (no DOM),
 * stopping at the first element over `limits`. `within` is false when the page is over either.
 * @param {string} html
 * @param {PageLimits} [limits]
 * @returns {PageMeasure}
 */
export function measurePage(html, limits = { maxElements: MAX_ELEMENTS, maxDepth: MAX_DEPTH }) {
  let elements = 0;
  let depth = 0;
  let maxDepth = 0;
  const parser = new Parser(
    {
      onopentag() {
        elements += 1;
        depth += 1;
        if (depth > maxDepth) maxDepth = depth;
        if (elements > limits.maxElements || depth > limits.maxDepth) throw new OverBudget();
      },
      // Called for void and implied closes too, as the DOM builder (linkedom, on the same parser) sees them.
      onclosetag() {
        depth -= 1;
      },
    },
    { decodeEntities: false },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
    return { within: false, elements, maxDepth };
  }
  return { within: true, elements, maxDepth };
}
