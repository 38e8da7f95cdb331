"use client";

import { Highlighter } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { HighlightEditor, type EditorValue } from "@/components/reader/highlight-editor";
import { useHighlightMutations, useHighlights } from "@/components/reader/highlight-queries";
import { clearMarks, firstMark, highlightIdAt, paintRange, selectionOffsets } from "@/components/reader/highlight-dom";
import { applyMove, moveForKey, startSelection } from "@/components/reader/highlight-keyboard";
import { HighlightToolbar } from "@/components/reader/highlight-toolbar";
import { HighlightsList } from "@/components/reader/highlights-list";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/client/fetcher";
import { snapToWords } from "@/lib/client/snap-to-words";
import { anchorHighlight, describeRange } from "@/lib/highlights/anchor";
import type { HighlightColorName } from "@/lib/highlights/rules";

type Range = { start: number; end: number };
/** What the editor is open on: a selection not saved yet, or a saved highlight. */
type Editing = { kind: "new"; range: Range; quote: string } | { kind: "saved"; id: string };

const failed = (error: unknown, fallback: string) =>
  toast({ variant: "destructive", title: "Error", description: serverMessage(error, fallback) });

/**
 * Highlights in the reader (docs/product.md, "Highlights"): select text with the mouse or walk to it
 * with the keyboard, highlight it in a colour, add a note; highlights are painted into the article
 * and listed here, including those its text no longer contains.
 */
export default function ReaderHighlights({ linkId }: { linkId: string }) {
  const here = useRef<HTMLElement>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const loaded = useHighlights(linkId);
  const mutations = useHighlightMutations(linkId);
  const highlights = useMemo(() => loaded.data ?? [], [loaded.data]);
  const [toolbar, setToolbar] = useState<(Range & { top: number; left: number }) | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const [status, setStatus] = useState("");
  const headingId = useId();
  const helpId = useId();
  const busy = mutations.busy;

  useEffect(() => {
    setRoot(here.current?.closest("article")?.querySelector<HTMLElement>(".reader-content") ?? null);
  }, []);

  useEffect(() => {
    // A page kept for reading offline reads without its highlights: nothing to tell.
    if (loaded.error && navigator.onLine) failed(loaded.error, "Your highlights could not be loaded");
  }, [loaded.error]);

  // The article's text does not change while it is read (marks wrap it without changing it).
  const anchors = useMemo(() => {
    const text = root?.textContent ?? "";
    return highlights.map((highlight) => ({ highlight, anchor: root ? anchorHighlight(text, highlight) : null }));
  }, [root, highlights]);
  const missing = useMemo(
    () => new Set(root ? anchors.filter(({ anchor }) => !anchor).map(({ highlight }) => highlight.id) : []),
    [root, anchors],
  );

  // Painted again whenever the list changes.
  useEffect(() => {
    if (!root) return;
    clearMarks(root);
    for (const { highlight, anchor } of anchors) {
      if (anchor)
        paintRange(root, anchor.start, anchor.end, highlight.id, highlight.color, highlight.note ?? "Highlight");
    }
  }, [root, anchors]);

  // mutateAsync is the same function for the life of the mutation: the keyboard's listener keeps it.
  const createHighlight = mutations.create.mutateAsync;
  const create = useCallback(
    async (range: Range, value: { color: HighlightColorName; note?: string }) => {
      if (!root) return null;
      try {
        const body = { ...describeRange(root.textContent ?? "", range.start, range.end), ...value };
        const created = await createHighlight(body);
        window.getSelection()?.removeAllRanges();
        setToolbar(null);
        setStatus("Highlighted.");
        return created;
      } catch (error) {
        failed(error, "The highlight could not be saved");
        return null;
      }
    },
    [root, createHighlight],
  );

  const update = async (id: string, value: EditorValue) => {
    try {
      await mutations.update.mutateAsync({ id, value });
      setEditing(null);
      setStatus("Highlight saved.");
    } catch (error) {
      failed(error, "The highlight could not be saved");
    }
  };

  const remove = async (id: string) => {
    try {
      await mutations.remove.mutateAsync(id);
      setEditing(null);
      setStatus("Highlight deleted.");
    } catch (error) {
      failed(error, "The highlight could not be deleted");
    }
  };

  // The mouse: a selection in the article shows the toolbar above it; a click on a highlight opens it.
  useEffect(() => {
    if (!root) return;
    const onPointerUp = () => {
      // After the browser has settled the selection the press made.
      requestAnimationFrame(() => {
        const selection = window.getSelection();
        const raw = selectionOffsets(root, selection);
        if (!raw || !selection) return setToolbar(null);
        // A mouse drag rarely lands on word boundaries; keep whole words only.
        const range = snapToWords(root.textContent ?? "", raw.start, raw.end);
        const rect = selection.getRangeAt(0).getBoundingClientRect();
        const width = 280;
        const left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8));
        // Above the selection, or below it when it is at the top of the screen.
        const top = rect.top > 60 ? rect.top - 52 : rect.bottom + 8;
        setToolbar({ ...range, top: top + window.scrollY, left: left + window.scrollX });
      });
    };
    const onClick = (event: MouseEvent) => {
      const id = highlightIdAt(event.target);
      const selection = window.getSelection();
      if (id && (!selection || selection.isCollapsed)) setEditing({ kind: "saved", id });
    };
    const onSelectionChange = () => {
      if (window.getSelection()?.isCollapsed) setToolbar(null);
    };
    root.addEventListener("pointerup", onPointerUp);
    root.addEventListener("click", onClick);
    document.addEventListener("selectionchange", onSelectionChange);
    return () => {
      root.removeEventListener("pointerup", onPointerUp);
      root.removeEventListener("click", onClick);
      document.removeEventListener("selectionchange", onSelectionChange);
    };
  }, [root]);

  // The keyboard: arrows walk and extend the selection, Enter highlights it, Escape stops.
  useEffect(() => {
    if (!keyboard || !root) return;
    const selection = window.getSelection();
    if (!selection) return;
    const describe = () => {
      const text = selection.toString().trim();
      setStatus(text ? `Selected: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}` : "Nothing selected.");
      selection.focusNode?.parentElement?.scrollIntoView({ block: "nearest" });
    };
    startSelection(root, selection);
    describe();
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const move = moveForKey(event.key, event.shiftKey);
      if (move) {
        event.preventDefault();
        applyMove(root, selection, move);
        describe();
      } else if (event.key === "Enter") {
        event.preventDefault();
        const range = selectionOffsets(root, selection);
        setKeyboard(false);
        if (!range) return;
        void create(range, { color: "yellow" }).then((created) => {
          if (created) setEditing({ kind: "saved", id: created.id });
        });
      } else if (event.key === "Escape") {
        event.preventDefault();
        setKeyboard(false);
        selection.removeAllRanges();
        setStatus("Highlighting stopped.");
      }
    };
    // Capture: before the reader's own Escape (back to the list) and the page's scrolling keys.
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, [keyboard, root, create]);

  const show = (id: string) => {
    const mark = root ? firstMark(root, id) : null;
    if (!mark) return;
    mark.scrollIntoView({ block: "center" });
    const range = document.createRange();
    range.selectNodeContents(mark);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
  };

  const saved = editing?.kind === "saved" ? highlights.find((item) => item.id === editing.id) : undefined;

  return (
    <section ref={here} id="highlights" aria-labelledby={headingId} className="grid gap-3 border-t pt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          Highlights{highlights.length > 0 ? ` (${highlights.length})` : ""}
        </h2>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={keyboard}
          aria-describedby={helpId}
          onClick={() => setKeyboard((on) => !on)}
        >
          <Highlighter aria-hidden="true" />
          Highlight with the keyboard
        </Button>
      </div>
      <p id={helpId} className="text-sm text-muted-foreground">
        Select text to highlight it. With the keyboard: the arrow keys move the selection by word (left, right) or
        sentence (up, down), Shift with them extends it, Enter highlights it, Esc stops.
      </p>
      <p role="status" className="sr-only">
        {status}
      </p>
      <HighlightsList
        highlights={highlights}
        missing={missing}
        onShow={show}
        onEdit={(id) => setEditing({ kind: "saved", id })}
      />
      {toolbar && !editing
        ? createPortal(
            <HighlightToolbar
              top={toolbar.top}
              left={toolbar.left}
              onColor={(color) => void create(toolbar, { color })}
              onNote={() =>
                root &&
                setEditing({
                  kind: "new",
                  range: toolbar,
                  quote: (root.textContent ?? "").slice(toolbar.start, toolbar.end),
                })
              }
            />,
            document.body,
          )
        : null}
      {editing?.kind === "new" ? (
        <HighlightEditor
          quote={editing.quote}
          initial={{ note: "", color: "yellow" }}
          busy={busy}
          onClose={() => setEditing(null)}
          onSave={(value) =>
            void create(editing.range, value).then((created) => {
              if (created) setEditing(null);
            })
          }
        />
      ) : saved ? (
        <HighlightEditor
          key={saved.id}
          quote={saved.quote}
          initial={{ note: saved.note ?? "", color: saved.color }}
          busy={busy}
          onClose={() => setEditing(null)}
          onSave={(value) => void update(saved.id, value)}
          onDelete={() => void remove(saved.id)}
        />
      ) : null}
    </section>
  );
}
