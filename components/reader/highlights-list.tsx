"use client";

import { SWATCH_CLASSES } from "@/components/reader/highlight-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { HighlightResponse } from "@/lib/highlights/response";

/** Every highlight of the link with its note; one the article no longer contains is kept and marked. */
export function HighlightsList({
  highlights,
  missing,
  onEdit,
  onShow,
}: {
  highlights: HighlightResponse[];
  missing: ReadonlySet<string>;
  onEdit: (id: string) => void;
  onShow: (id: string) => void;
}) {
  if (highlights.length === 0)
    return <p className="text-sm text-muted-foreground">Select text in the article to highlight it.</p>;
  return (
    <ul className="grid gap-3">
      {highlights.map((highlight) => (
        <li key={highlight.id} className="grid gap-2 rounded-md border p-3">
          <blockquote className="flex gap-2 text-sm">
            <span
              aria-hidden="true"
              className={`mt-1 size-3 shrink-0 rounded-full ${SWATCH_CLASSES[highlight.color]}`}
            />
            <span className="line-clamp-4 break-words">{highlight.quote}</span>
          </blockquote>
          {highlight.note ? <p className="text-sm break-words whitespace-pre-wrap">{highlight.note}</p> : null}
          <div className="flex flex-wrap items-center gap-2">
            {missing.has(highlight.id) ? <Badge variant="secondary">Not found in the text</Badge> : null}
            {missing.has(highlight.id) ? null : (
              <Button type="button" variant="outline" size="sm" onClick={() => onShow(highlight.id)}>
                Show in the text
              </Button>
            )}
            <Button type="button" variant="outline" size="sm" onClick={() => onEdit(highlight.id)}>
              {highlight.note ? "Edit note" : "Add a note"}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
