import "@/lib/zod/setup";
import { z } from "zod";
import { isStorableText } from "@/lib/db/input";
import { timestamp } from "@/lib/zod/fields";
import {
  HIGHLIGHT_COLORS,
  MAX_CONTEXT_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_QUOTE_LENGTH,
  MAX_TEXT_OFFSET,
} from "@/lib/highlights/rules";

// A highlight as POST and PATCH /api/links/{id}/highlights take it (docs/product.md, "Highlights"):
// the passage as a W3C Web Annotation TextQuoteSelector (quote, prefix, suffix) and
// TextPositionSelector (start, end), a note and a colour; the reader's toolbar sends the same. And
// a highlight as the API answers it.

export const QUOTE_MESSAGE = `quote must be the highlighted text: 1 to ${MAX_QUOTE_LENGTH} characters`;
export const CONTEXT_MESSAGE = `prefix and suffix must be text of at most ${MAX_CONTEXT_LENGTH} characters`;
export const NOTE_MESSAGE = `note must be text of at most ${MAX_NOTE_LENGTH} characters, or null`;
export const COLOR_MESSAGE = `color must be one of ${HIGHLIGHT_COLORS.join(", ")}`;
export const POSITION_MESSAGE = "start and end must be offsets in the article's text, start before end";
export const HIGHLIGHT_UPDATE_REQUIRED_MESSAGE = "Send note (text or null) or color";

const text = (max: number, message: string) =>
  z.string({ error: message }).max(max, { error: message }).refine(isStorableText, { error: message });

const noteField = text(MAX_NOTE_LENGTH, NOTE_MESSAGE)
  .transform((note) => (note.trim() === "" ? null : note.trim()))
  .nullable()
  .meta({ description: `Your note on the passage (at most ${MAX_NOTE_LENGTH} characters); empty or null for none.` });

const colorField = z
  .enum(HIGHLIGHT_COLORS, { error: COLOR_MESSAGE })
  .meta({ description: "The highlight's colour; yellow when not given." });

const offset = z
  .number({ error: POSITION_MESSAGE })
  .int({ error: POSITION_MESSAGE })
  .min(0, { error: POSITION_MESSAGE })
  .max(MAX_TEXT_OFFSET, { error: POSITION_MESSAGE });

export const highlightCreateSchema = z
  .object({
    quote: text(MAX_QUOTE_LENGTH, QUOTE_MESSAGE)
      .refine((quote) => quote.trim().length > 0, { error: QUOTE_MESSAGE })
      .meta({ description: "The highlighted text, exactly as it reads in the article." }),
    prefix: text(MAX_CONTEXT_LENGTH, CONTEXT_MESSAGE)
      .optional()
      .meta({ description: "The text just before the quote (about 32 characters): it tells repeated passages apart." }),
    suffix: text(MAX_CONTEXT_LENGTH, CONTEXT_MESSAGE)
      .optional()
      .meta({ description: "The text just after the quote (about 32 characters)." }),
    start: offset.optional().meta({ description: "Where the quote starts in the article's text: a fallback." }),
    end: offset.optional().meta({ description: "Where the quote ends in the article's text (exclusive)." }),
    note: noteField.optional(),
    color: colorField.optional(),
  })
  .refine((body) => (body.start === undefined) === (body.end === undefined), { error: POSITION_MESSAGE })
  .refine((body) => body.start === undefined || body.end === undefined || body.start < body.end, {
    error: POSITION_MESSAGE,
  })
  .meta({ id: "HighlightCreate" });

export const highlightUpdateSchema = z
  .object({ note: noteField.optional(), color: colorField.optional() }, { error: HIGHLIGHT_UPDATE_REQUIRED_MESSAGE })
  .refine((body) => body.note !== undefined || body.color !== undefined, { error: HIGHLIGHT_UPDATE_REQUIRED_MESSAGE })
  .meta({ id: "HighlightUpdate" });

export type HighlightCreate = z.output<typeof highlightCreateSchema>;
export type HighlightUpdate = z.output<typeof highlightUpdateSchema>;

export const highlightAnswer = z
  .object({
    id: z.string(),
    linkId: z.string(),
    quote: z.string().meta({ description: "The highlighted text." }),
    prefix: z.string().meta({ description: "The text just before it when it was made (may be empty)." }),
    suffix: z.string().meta({ description: "The text just after it (may be empty)." }),
    start: z.number().int().nullable().meta({ description: "Its offset in the article's text, if sent." }),
    end: z.number().int().nullable(),
    note: z.string().nullable(),
    color: z.enum(HIGHLIGHT_COLORS),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Highlight" });

export const highlightListAnswer = z
  .object({ highlights: z.array(highlightAnswer).meta({ description: "In the order they were made." }) })
  .meta({ id: "HighlightList" });
