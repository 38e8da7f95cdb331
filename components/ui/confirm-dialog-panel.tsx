"use client";

import type { MouseEvent, ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { BusyLabel } from "@/components/ui/busy-label";
import { useFocusReturn } from "@/components/ui/lazy-dialog";

export type ConfirmDialogPanelProps = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
  busyLabel?: string;
  variant?: "default" | "destructive";
};

/** ConfirmDialog's dialog itself, loaded when it first opens (components/ui/confirm-dialog.tsx). */
export function ConfirmDialogPanel({
  title,
  description,
  confirmLabel,
  open,
  onOpenChange,
  onConfirm,
  busy,
  busyLabel = "Deleting...",
  variant = "destructive",
}: ConfirmDialogPanelProps) {
  const returnFocus = useFocusReturn(open);

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    // Radix would close the dialog on click; it closes when the action has finished instead.
    event.preventDefault();
    onConfirm();
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
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
