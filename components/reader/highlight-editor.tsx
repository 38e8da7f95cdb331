"use client";

import { useEffect, useId, useRef, useState } from "react";
import { SWATCH_CLASSES } from "@/components/reader/highlight-dom";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { HIGHLIGHT_COLORS, MAX_NOTE_LENGTH, type HighlightColorName } from "@/lib/highlights/rules";

export type EditorValue = { note: string; color: HighlightColorName };

/**
 * The note and colour of a highlight (a new one, or one made before), in a panel at the foot of the
 * screen; Escape or Cancel closes it without saving.
 */
export function HighlightEditor({
  quote,
  initial,
  busy,
  onSave,
  onDelete,
  onClose,
}: {
  quote: string;
  initial: EditorValue;
  busy: boolean;
  onSave: (value: EditorValue) => void;
  /** Absent for a highlight not saved yet. */
  onDelete?: () => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState(initial.note);
  const [color, setColor] = useState(initial.color);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const noteId = useId();

  useEffect(() => noteRef.current?.focus(), []);

  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-50 mx-auto grid max-w-[44rem] gap-3 rounded-t-lg border bg-background p-4 shadow-lg"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // Handled here: the reader's own Escape (back to the list) must not follow.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="text-base font-semibold">
        {onDelete ? "Your highlight" : "New highlight"}
      </h2>
      <blockquote className="line-clamp-3 border-l-4 pl-3 text-sm text-muted-foreground">{quote}</blockquote>
      <label htmlFor={noteId} className="text-sm font-medium">
        Note
      </label>
      <Textarea
        id={noteId}
        ref={noteRef}
        value={note}
        maxLength={MAX_NOTE_LENGTH}
        onChange={(event) => setNote(event.target.value)}
      />
      <div role="radiogroup" aria-label="Colour" className="flex gap-1">
        {HIGHLIGHT_COLORS.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={color === option}
            aria-label={option}
            title={option}
            className="grid size-9 place-items-center rounded-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring aria-checked:ring-2 aria-checked:ring-foreground"
            onClick={() => setColor(option)}
          >
            <span
              aria-hidden="true"
              className={`size-5 rounded-full border border-black/20 ${SWATCH_CLASSES[option]}`}
            />
          </button>
        ))}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onDelete ? (
          <Button type="button" variant="destructive" disabled={busy} onClick={onDelete} className="mr-auto">
            Delete highlight
          </Button>
        ) : null}
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" disabled={busy} onClick={() => onSave({ note, color })}>
          Save
        </Button>
      </div>
    </div>
  );
}
