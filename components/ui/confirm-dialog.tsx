"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import type { ConfirmDialogPanelProps } from "@/components/ui/confirm-dialog-panel";
import { LazyDialog } from "@/components/ui/lazy-dialog";

const loadPanel = () => import("@/components/ui/confirm-dialog-panel");
const ConfirmDialogPanel = dynamic(() => loadPanel().then((module) => module.ConfirmDialogPanel), { ssr: false });
const preload = () => void loadPanel().catch(() => undefined);

/**
 * A confirmation before an action (a destructive one unless `variant` says otherwise). While `busy`
 * the dialog stays open, cannot be dismissed, and its button says `busyLabel`: it closes when the
 * caller decides, after the server answered. Without a `trigger` the caller opens it (`open`). The
 * dialog's code loads when it is first opened (or its trigger hovered or focused).
 */
export function ConfirmDialog({ trigger, ...panel }: ConfirmDialogPanelProps & { trigger?: ReactNode }) {
  return (
    <LazyDialog open={panel.open} onOpen={() => panel.onOpenChange(true)} preload={preload} trigger={trigger}>
      <ConfirmDialogPanel {...panel} />
    </LazyDialog>
  );
}
