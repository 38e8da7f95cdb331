import type { Highlight } from "@/lib/generated/prisma/client";

// The one JSON shape of a highlight in the API. Pure: the reader's components import its type.
export function toHighlightResponse(highlight: Highlight) {
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

export type HighlightResponse = ReturnType<typeof toHighlightResponse>;
