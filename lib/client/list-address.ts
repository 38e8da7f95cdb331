// The list the reader was last opened from in this tab (History with its search and filters, or
// Today's Stash), so that leaving the reader (its Back link or Escape) returns there as it was.
// Kept per tab in sessionStorage; only the two lists' own addresses are taken back.

const STORAGE_KEY = "linkstash:list-address";

/** Whether `address` is one of the lists the reader returns to. */
export function isListAddress(address: string): boolean {
  return address === "/dashboard" || address === "/history" || address.startsWith("/history?");
}

/** Remembers the list now shown. Storage refused (a private window's quota, say) leaves the reader its default. */
export function rememberListAddress(address: string): void {
  if (!isListAddress(address)) return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, address);
  } catch {
    // Nothing to remember it in: the reader goes back to its default list.
  }
}

/** The list to go back to, or null when none was remembered in this tab. */
export function rememberedListAddress(): string | null {
  try {
    const address = window.sessionStorage.getItem(STORAGE_KEY);
    return address !== null && isListAddress(address) ? address : null;
  } catch {
    return null;
  }
}
