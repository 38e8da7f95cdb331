"use client";

import { BellPlus } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { ReminderMenuPanelProps } from "@/components/links/reminder-menu-panel";

const loadPanel = () => import("@/components/links/reminder-menu-panel");
const ReminderMenuPanel = dynamic(() => loadPanel().then((module) => module.ReminderMenuPanel), { ssr: false });
const preload = () => void loadPanel().catch(() => undefined);

type ReminderMenuProps = Omit<ReminderMenuPanelProps, "id" | "onClose">;

/**
 * "Remind me" on a link (docs/product.md, "Remind me"): a button that shows and hides a panel of
 * days (a disclosure, since the panel holds a date field). The button is named by what it does, as
 * the item's other buttons are; the panel is named for the link. Escape or a press outside closes it;
 * Escape and a choice give focus back to the button. The panel's code loads on hover, focus or the
 * first click, not with the page (as dialogs do, decision 0288). The panel is placed under the
 * nearest positioned ancestor, which the caller picks wide enough for it on a 375 px screen.
 */
export function ReminderMenu(panel: ReminderMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && wrapperRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open || event.key !== "Escape") return;
    // Handled here: the reader's Escape (back to the list) leaves a prevented key alone.
    event.preventDefault();
    close();
  };

  return (
    <div ref={wrapperRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-6 items-center gap-1 rounded-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <BellPlus aria-hidden="true" className="size-3.5" />
        Remind me
      </button>
      {open ? <ReminderMenuPanel id={panelId} onClose={close} {...panel} /> : null}
    </div>
  );
}
