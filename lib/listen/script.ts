// What Listen reads: the article as paragraphs of sentences. Each sentence is one utterance, so the
// marked sentence follows the speech from its start event alone (Chromium on Linux sends no word
// boundaries) and a pause or a change of speed restarts at most one sentence.

/** A sentence of a paragraph: its text and where it lies in the paragraph's text. */
export type Sentence = { text: string; start: number; end: number };

export type Paragraph = { sentences: Sentence[] };

/** A sentence this long is read in parts: some voices stop on very long utterances. */
export const MAX_SENTENCE_CHARS = 300;

function splitLong(text: string, start: number): Sentence[] {
  const parts: Sentence[] = [];
  let from = 0;
  while (text.length - from > MAX_SENTENCE_CHARS) {
    const window = text.slice(from, from + MAX_SENTENCE_CHARS);
    // Cut after the last space of the window (a word is never split), or hard when there is none.
    const space = window.lastIndexOf(" ");
    const cut = space > 0 ? from + space + 1 : from + MAX_SENTENCE_CHARS;
    parts.push({ text: text.slice(from, cut).trim(), start: start + from, end: start + cut });
    from = cut;
  }
  parts.push({ text: text.slice(from).trim(), start: start + from, end: start + text.length });
  return parts.filter((part) => part.text !== "");
}

/** The sentences of one paragraph's text, in the article's language (Intl.Segmenter's rules). */
export function splitSentences(text: string, lang?: string): Sentence[] {
  let locale: string | undefined;
  try {
    locale = lang ? Intl.getCanonicalLocales(lang)[0] : undefined;
  } catch {
    // Not a language tag (the page said anything): the default rules.
    locale = undefined;
  }
  const segmenter = new Intl.Segmenter(locale, { granularity: "sentence" });
  const sentences: Sentence[] = [];
  for (const { segment, index } of segmenter.segment(text)) {
    // Leading spaces are not part of the sentence, so its mark starts at its first letter.
    const lead = segment.length - segment.trimStart().length;
    const trimmed = segment.trim();
    if (trimmed === "") continue;
    sentences.push(...splitLong(trimmed, index + lead));
  }
  return sentences;
}

/** The article's paragraphs (their texts, in reading order), empty ones left out. */
export function buildScript(paragraphTexts: readonly string[], lang?: string): Paragraph[] {
  return paragraphTexts
    .map((text) => ({ sentences: splitSentences(text, lang) }))
    .filter((paragraph) => paragraph.sentences.length > 0);
}
