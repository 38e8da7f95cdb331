import type { z } from "zod";
import type { Highlight } from "@/lib/generated/prisma/client";
import type { highlightAnswer } from "@/lib/highlights/schemas";

/** A highlight as the API answers it (its schema: highlightAnswer). */
export type HighlightResponse = z.output<typeof highlightAnswer>;

// The one JSON shape of a highlight in the API. Pure: the reader's components import its type.
export function toHighlightResponse(highlight: Highlight): HighlightResponse {
  return {
    id: highlight.id,
    linkId: highlight.linkId,
    quote: highlight.quote,
    prefix: highlight.prefix,
    suffix: highlight.suffix,
    start: highlight.start,
    end: highlight.end,
    note: highlight.note,
    color: highlight.color,
    createdAt: highlight.createdAt.toISOString(),
    updatedAt: highlight.updatedAt.toISOString(),
  };
}
