"use client";

import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { BusyLabel } from "@/components/ui/busy-label";
import { rememberFocusPlace } from "@/lib/client/focus-after-removal";

/**
 * A confirmation before an action (a destructive one unless `variant` says otherwise). While `busy`
 * the dialog stays open, cannot be dismissed, and its button says `busyLabel`: it closes when the
 * caller decides, after the server answered. Without a `trigger` the caller opens it (`open`).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  open,
  onOpenChange,
  onConfirm,
  busy,
  busyLabel = "Deleting...",
  variant = "destructive",
}: {
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
  busyLabel?: string;
  variant?: "default" | "destructive";
}) {
  // Focus goes back to whatever had it when the dialog opened, trigger or not: Radix's own return
  // to its trigger is lost when the list re-renders under the dialog.
  const restoreFocus = useRef<(options?: { force?: boolean }) => void>(() => undefined);
  useLayoutEffect(() => {
    // Layout effects run before the dialog's focus trap moves focus in.
    if (open) restoreFocus.current = rememberFocusPlace(document.activeElement);
  }, [open]);

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Radix would close the dialog on click; it closes when the action has finished instead.
    event.preventDefault();
    onConfirm();
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          restoreFocus.current({ force: true });
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant={variant} onClick={confirm} disabled={busy}>
            <BusyLabel busy={busy} label={confirmLabel} busyLabel={busyLabel} />
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
