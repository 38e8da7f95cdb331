"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Tooltips open after 700 ms; moving between triggers within 300 ms skips the delay
 * (docs/product.md, "Notifications and timings").
 */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

// When a tooltip last closed, page-wide: the next one opening within the skip delay shows at once.
let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * A short text shown below `children` while the pointer rests on them or focus is in them, hidden
 * on leave, blur or Escape. The wrapper takes the pointer events, so the trigger may be a disabled
 * control; give the trigger the same words for screen readers (this text is for the eye). Written
 * out rather than taken from a library, which would load a positioning engine for one sentence.
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    const delay = performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (open) lastClosedAt = performance.now();
    setOpen(false);
  };

  return (
    <span
      className="relative grid"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === "Escape") hide();
      }}
    >
      {children}
      {open ? (
        <span
          role="tooltip"
          className="absolute top-full left-1/2 z-50 mt-1 w-max max-w-xs -translate-x-1/2 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md"
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
