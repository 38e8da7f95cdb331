import { useSyncExternalStore } from "react";

// The header's account name comes with the first page loaded; later pages reached in the browser
// keep that header. A change made in the browser (a confirmed new address) is announced here, and
// the header's menus show it until a page from the server brings the new name itself.

type Change = { from: string; to: string };

let latest: Change | null = null;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => void listeners.delete(onChange);
}

/** Says that the account shown as `from` is now `to`. */
export function announceAccountName(change: Change): void {
  latest = change;
  for (const listener of listeners) listener();
}

/** The name to show for the account the server rendered as `rendered` (null: signed out). */
export function useAccountName(rendered: string): string;
export function useAccountName(rendered: string | null): string | null;
export function useAccountName(rendered: string | null): string | null {
  const change = useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  );
  return change && change.from === rendered ? change.to : rendered;
}
