import type { Paragraph } from "./script";

// Where Listen is in the article: a paragraph and a sentence of it. Remembered per article in this
// browser, so reading goes on where it stopped.

export type ListenPosition = { paragraph: number; sentence: number };

export const START: ListenPosition = { paragraph: 0, sentence: 0 };

/** The position clamped into the script (an article extracted again may have fewer paragraphs). */
export function clampPosition(script: readonly Paragraph[], position: ListenPosition): ListenPosition {
  if (script.length === 0) return START;
  const paragraph = Math.min(Math.max(0, Math.trunc(position.paragraph)), script.length - 1);
  const sentences = script[paragraph]?.sentences.length ?? 1;
  const sentence = Math.min(Math.max(0, Math.trunc(position.sentence)), sentences - 1);
  return { paragraph, sentence };
}

/** The sentence after this one, or null at the end of the article. */
export function nextSentence(script: readonly Paragraph[], position: ListenPosition): ListenPosition | null {
  const here = clampPosition(script, position);
  if (here.sentence + 1 < (script[here.paragraph]?.sentences.length ?? 0))
    return { paragraph: here.paragraph, sentence: here.sentence + 1 };
  if (here.paragraph + 1 < script.length) return { paragraph: here.paragraph + 1, sentence: 0 };
  return null;
}

/** The start of the next paragraph (the last one's start at the end). */
export function nextParagraph(script: readonly Paragraph[], position: ListenPosition): ListenPosition {
  const here = clampPosition(script, position);
  return { paragraph: Math.min(here.paragraph + 1, Math.max(0, script.length - 1)), sentence: 0 };
}

/**
 * Back a paragraph: to the start of this one when it is under way (as a music player's "previous"),
 * to the previous one's start from a paragraph's first sentence.
 */
export function previousParagraph(script: readonly Paragraph[], position: ListenPosition): ListenPosition {
  const here = clampPosition(script, position);
  if (here.sentence > 0) return { paragraph: here.paragraph, sentence: 0 };
  return { paragraph: Math.max(0, here.paragraph - 1), sentence: 0 };
}

/** A stored position ("3:1"), or null when there is none or it is not one. */
export function parsePosition(value: string | null): ListenPosition | null {
  const match = value === null ? null : /^(\d{1,6}):(\d{1,6})$/.exec(value);
  return match ? { paragraph: Number(match[1]), sentence: Number(match[2]) } : null;
}

export function formatPosition(position: ListenPosition): string {
  return `${position.paragraph}:${position.sentence}`;
}

/** Speeds offered: the voice's own rate times these. */
export const LISTEN_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export function parseRate(value: string | null): number {
  const rate = Number(value);
  return LISTEN_RATES.find((offered) => offered === rate) ?? 1;
}
