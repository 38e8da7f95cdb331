// A mouse selection that starts or ends inside a word is widened to the whole word,
// so a saved highlight never keeps half words.
export function snapToWords(text: string, start: number, end: number, locale?: string): { start: number; end: number } {
  const from = Math.max(0, Math.min(start, end));
  const to = Math.min(text.length, Math.max(start, end));
  if (from === to) return { start: from, end: to };
  // Only the segments at the two ends are looked up, not the whole article's.
  const segments = new Intl.Segmenter(locale, { granularity: "word" }).segment(text);
  const first = segments.containing(from);
  const last = segments.containing(to - 1);
  const firstCut = first?.isWordLike === true && first.index < from;
  const lastEnd = last ? last.index + last.segment.length : to;
  const lastCut = last?.isWordLike === true && lastEnd > to;
  return { start: firstCut && first ? first.index : from, end: lastCut ? lastEnd : to };
}
