import { isStorableText } from "@/lib/db/input";
import {
  HIGHLIGHT_COLORS,
  MAX_CONTEXT_LENGTH,
  MAX_HIGHLIGHTS_PER_LINK,
  MAX_NOTE_LENGTH,
  MAX_QUOTE_LENGTH,
  MAX_TEXT_OFFSET,
  type HighlightColorName,
} from "@/lib/highlights/rules";

// A highlight as an export carries it and an import reads it back (LinkStash JSON). Pure.

export type ExportedHighlight = {
  quote: string;
  prefix: string;
  suffix: string;
  start: number | null;
  end: number | null;
  note: string | null;
  color: HighlightColorName;
  createdAt: Date;
};

/** The JSON of one highlight in an export. */
export function highlightJson(highlight: ExportedHighlight) {
  return {
    quote: highlight.quote,
    prefix: highlight.prefix,
    suffix: highlight.suffix,
    start: highlight.start,
    end: highlight.end,
    note: highlight.note,
    color: highlight.color,
    createdAt: highlight.createdAt.toISOString(),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const boundedText = (value: unknown, max: number): string | null =>
  typeof value === "string" && value.length <= max && isStorableText(value) ? value : null;

const offset = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_TEXT_OFFSET ? value : null;

function isColor(value: unknown): value is HighlightColorName {
  return HIGHLIGHT_COLORS.some((color) => color === value);
}

/**
 * The highlights of an imported link, as the API would accept them: entries that are not (no quote,
 * too long) are dropped, missing fields take their defaults, at most MAX_HIGHLIGHTS_PER_LINK kept.
 */
export function importedHighlights(value: unknown, fallbackTime: Date): ExportedHighlight[] {
  if (!Array.isArray(value)) return [];
  const kept: ExportedHighlight[] = [];
  for (const entry of value) {
    if (kept.length >= MAX_HIGHLIGHTS_PER_LINK) break;
    if (!isObject(entry)) continue;
    const quote = boundedText(entry.quote, MAX_QUOTE_LENGTH);
    if (!quote || quote.trim() === "") continue;
    let start = offset(entry.start);
    let end = offset(entry.end);
    if (start === null || end === null || end <= start) start = end = null;
    const note = boundedText(entry.note, MAX_NOTE_LENGTH)?.trim() || null;
    const created = typeof entry.createdAt === "string" ? new Date(entry.createdAt) : null;
    kept.push({
      quote,
      prefix: boundedText(entry.prefix, MAX_CONTEXT_LENGTH) ?? "",
      suffix: boundedText(entry.suffix, MAX_CONTEXT_LENGTH) ?? "",
      start,
      end,
      note,
      color: isColor(entry.color) ? entry.color : "yellow",
      createdAt: created && !Number.isNaN(created.getTime()) ? created : fallbackTime,
    });
  }
  return kept;
}
