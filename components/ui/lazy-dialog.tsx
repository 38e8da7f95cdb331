"use client";

import { Slot } from "radix-ui";
import { useState, type MouseEvent, type ReactNode } from "react";

/**
 * For a dialog whose code (Radix Dialog and its focus trap, about 20 KB of gzip) loads when it is
 * first wanted rather than with the page: true from the first time `open` is, and from then on, so
 * the dialog closes (and hands focus back) the usual way.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

/**
 * The element that opens a lazily loaded dialog, as Radix's trigger would: it says it opens a
 * dialog and whether it is open, and starts loading the dialog's code on hover or focus. A click
 * whose handler called `preventDefault()` does not open it.
 */
export function LazyDialogTrigger({
  open,
  onOpen,
  preload,
  children,
}: {
  open: boolean;
  onOpen: () => void;
  preload: () => void;
  children: ReactNode;
}) {
  return (
    <Slot.Root
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? "open" : "closed"}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event: MouseEvent) => {
        if (!event.defaultPrevented) onOpen();
      }}
    >
      {children}
    </Slot.Root>
  );
}
