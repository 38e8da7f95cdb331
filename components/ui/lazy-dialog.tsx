"use client";

import { Slot } from "radix-ui";
import { useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { rememberFocusPlace } from "@/lib/client/focus-after-removal";

/**
 * A dialog whose code (Radix Dialog and its focus trap, about 20 KB of gzip) loads when it is
 * first wanted rather than with the page. `trigger` opens it, as Radix's trigger would: it says it
 * opens a dialog and whether it is open, starts loading the dialog's code on hover or focus, and a
 * click whose handler called `preventDefault()` does not open it. `children`, the dialog itself
 * (a `next/dynamic` panel), is rendered from the first opening on, so it closes the usual way.
 */
export function LazyDialog({
  open,
  onOpen,
  preload,
  trigger,
  children,
}: {
  open: boolean;
  onOpen: () => void;
  preload: () => void;
  trigger?: ReactNode;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <>
      {trigger ? (
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
          {trigger}
        </Slot.Root>
      ) : null}
      {opened ? children : null}
    </>
  );
}

/**
 * For a dialog's `onCloseAutoFocus`: focus goes back to whatever had it when the dialog opened,
 * trigger or not (Radix's own return goes to its trigger only, and is lost when a list re-renders
 * under the dialog).
 */
export function useFocusReturn(open: boolean): (event: Event) => void {
  const restore = useRef<(options?: { force?: boolean }) => void>(() => undefined);
  useLayoutEffect(() => {
    // Layout effects run before the dialog's focus trap moves focus in.
    if (open) restore.current = rememberFocusPlace(document.activeElement);
  }, [open]);
  return (event) => {
    event.preventDefault();
    restore.current({ force: true });
  };
}
