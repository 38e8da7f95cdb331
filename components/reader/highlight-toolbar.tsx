"use client";

import { NotebookPen } from "lucide-react";
import { SWATCH_CLASSES } from "@/components/reader/highlight-dom";
import { Button } from "@/components/ui/button";
import { HIGHLIGHT_COLORS, type HighlightColorName } from "@/lib/highlights/rules";

/** The small toolbar over a selection: highlight it in a colour, or with a note. */
export function HighlightToolbar({
  top,
  left,
  onColor,
  onNote,
}: {
  top: number;
  left: number;
  onColor: (color: HighlightColorName) => void;
  onNote: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Highlight the selected text"
      className="absolute z-40 flex items-center gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      style={{ top, left }}
      // A press here must not clear the selection it acts on.
      onMouseDown={(event) => event.preventDefault()}
    >
      {HIGHLIGHT_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          aria-label={`Highlight in ${color}`}
          title={`Highlight in ${color}`}
          className="grid size-9 place-items-center rounded-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => onColor(color)}
        >
          <span aria-hidden="true" className={`size-5 rounded-full border border-black/20 ${SWATCH_CLASSES[color]}`} />
        </button>
      ))}
      <Button type="button" variant="ghost" size="sm" onClick={onNote}>
        <NotebookPen aria-hidden="true" />
        Note
      </Button>
    </div>
  );
}
