"use client";

import { useMutation } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiRequest } from "@/lib/client/fetcher";
import { afterRender, rememberFocusPlace } from "@/lib/client/focus-after-removal";

/**
 * A button that asks first, then sends DELETE `path`. The dialog stays open and busy until the
 * server has answered, then closes, and the caller says what the answer means (a toast, a list
 * updated); with `leavesPage` it stays busy after a success, while the page navigates away.
 */
export function ConfirmDeleteButton({
  path,
  trigger,
  title,
  description,
  confirmLabel = "Delete",
  onDeleted,
  onFailed,
  leavesPage = false,
}: {
  path: string;
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel?: string;
  /** Awaited (while the button stays busy) when it returns a promise. */
  onDeleted: () => unknown;
  onFailed: (error: unknown) => unknown;
  leavesPage?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Where focus goes back to once the entry (and so this trigger) may be gone from its list.
  const restoreFocus = useRef<() => void>(() => undefined);
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", path),
    onSuccess: async () => {
      if (!leavesPage) setOpen(false);
      await onDeleted();
      afterRender(restoreFocus.current);
    },
    onError: async (error) => {
      setOpen(false);
      await onFailed(error);
    },
  });

  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      open={open}
      onOpenChange={(next) => {
        if (next) restoreFocus.current = rememberFocusPlace(document.activeElement);
        setOpen(next);
      }}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending || (leavesPage && remove.isSuccess)}
    />
  );
}

/** The trash-can trigger of a list entry's delete; the dialog's trigger passes its props through. */
export function TrashButton({ label, ...props }: Omit<ButtonProps, "children"> & { label: string }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} {...props}>
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
