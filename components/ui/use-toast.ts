"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import type { ToastProps } from "@/components/ui/toast";

// A tiny store outside React so any module can call toast() without a hook. One notification at a
// time; a dismissed one is removed from the store after 1,000,000 ms, which leaves Radix ample time
// for its exit animation (docs/product.md, "Notifications and timings").

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/**
 * A toast's button, as data: the toaster (loaded with the first notification) renders it, so a page
 * that offers one does not load the toast's components with its own code.
 */
export type ToastActionOptions = {
  label: string;
  /** What a screen reader announces for the button. */
  altText: string;
  onClick: () => void;
};

export type ToastOptions = Omit<ToastProps, "id" | "title" | "onOpenChange"> & {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionOptions;
  /** Called once when the toast closes, however: timed out, dismissed, replaced, or closed from code. */
  onClose?: () => void;
};

export type ToasterToast = Omit<ToastOptions, "onClose"> & {
  id: string;
  onOpenChange: (open: boolean) => void;
};

let toasts: ToasterToast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** What each open toast's closing calls: taken out when called, so it runs once. */
const closeCallbacks = new Map<string, () => void>();
const EMPTY: ToasterToast[] = [];

function setToasts(next: ToasterToast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function runCloseCallback(id: string): void {
  const onClose = closeCallbacks.get(id);
  closeCallbacks.delete(id);
  onClose?.();
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((t) => id === undefined || t.id === id);
  for (const t of closing) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of closing) runCloseCallback(t.id);
}

function updateToast(id: string, { onClose, ...options }: ToastOptions): void {
  if (onClose && closeCallbacks.has(id)) closeCallbacks.set(id, onClose);
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...options } : t)));
}

/** Shows a notification; the newest replaces the one on screen. */
export function toast({ onClose, ...options }: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  if (onClose) closeCallbacks.set(id, onClose);
  const entry: ToasterToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismissToast(id);
    },
  };
  const kept = [entry, ...toasts].slice(0, TOAST_LIMIT);
  const dropped = toasts.filter((t) => !kept.includes(t));
  for (const t of dropped) {
    clearTimeout(removalTimers.get(t.id));
    removalTimers.delete(t.id);
  }
  setToasts(kept);
  // A toast replaced while open closes as if dismissed: what waits for its closing (a delete that
  // Undo could still stop) goes ahead.
  for (const t of dropped) runCloseCallback(t.id);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) => updateToast(id, next),
  };
}

/** The toasts in the store now, newest first (what the toaster shows). */
export function shownToasts(): ToasterToast[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, shownToasts, () => EMPTY);
  return { toasts: current, toast, dismiss: dismissToast };
}
