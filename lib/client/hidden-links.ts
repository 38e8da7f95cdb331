// Links the user has deleted whose delete is not sent yet (the toast still offers Undo): every list
// leaves them out until the delete is done or undone.

import { useSyncExternalStore } from "react";

const EMPTY: ReadonlySet<string> = new Set();
let hidden: ReadonlySet<string> = EMPTY;
const listeners = new Set<() => void>();

function setHidden(next: ReadonlySet<string>): void {
  hidden = next;
  for (const listener of listeners) listener();
}

export function hideLink(id: string): void {
  setHidden(new Set([...hidden, id]));
}

export function showLink(id: string): void {
  setHidden(new Set([...hidden].filter((hiddenId) => hiddenId !== id)));
}

/** The links hidden now. */
export function hiddenLinkIds(): ReadonlySet<string> {
  return hidden;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHiddenLinkIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, hiddenLinkIds, () => EMPTY);
}

/** `links` without the hidden ones, in their order. */
export function withoutHidden<T extends { id: string }>(links: readonly T[], hiddenIds: ReadonlySet<string>): T[] {
  return hiddenIds.size === 0 ? [...links] : links.filter((link) => !hiddenIds.has(link.id));
}
