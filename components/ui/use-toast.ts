"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import type { ToastActionElement, ToastProps } from "@/components/ui/toast";

// A tiny store outside React so any module can call toast() without a hook. One notification at a
// time; a dismissed one is removed from the store after 1,000,000 ms, which leaves Radix ample time
// for its exit animation (docs/product.md, "Notifications and timings").

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastOptions = Omit<ToastProps, "id" | "title"> & {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

export type ToasterToast = ToastOptions & { id: string };

let toasts: ToasterToast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
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

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

function updateToast(id: string, options: ToastOptions): void {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...options } : t)));
}

/** Shows a notification; the newest replaces the one on screen. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const entry: ToasterToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismissToast(id);
      options.onOpenChange?.(open);
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
  for (const t of dropped) if (t.open) t.onOpenChange?.(false);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) => updateToast(id, next),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
  return { toasts: current, toast, dismiss: dismissToast };
}
