const ELLIPSIS = "…";

/**
 * `text` if it has at most `max` characters; else its longest start that ends at a word boundary
 * followed by "…", all within `max`. A text without a space early enough (a long URL, CJK) is cut
 * where it must, never inside a surrogate pair.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - ELLIPSIS.length);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  // A boundary in the last third only: an early space would throw most of the text away.
  const space = cut.lastIndexOf(" ");
  if (space >= cut.length * (2 / 3) && !/\s/.test(text[cut.length] ?? "")) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.\-–—]+$/u, "")}${ELLIPSIS}`;
}
