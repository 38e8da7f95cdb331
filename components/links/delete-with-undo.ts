"use client";

import type { QueryClient } from "@tanstack/react-query";
import { refreshLinkLists } from "@/components/links/link-queries";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { afterRender } from "@/lib/client/focus-after-removal";
import { hideLink, showLink } from "@/lib/client/hidden-links";

// Delete hides the link at once and offers Undo in its toast; the DELETE goes out when the toast
// closes without Undo (it timed out, was dismissed or another toast replaced it), or when the page
// is left: then as a keepalive request, and, since a browser may drop that one, also noted in the
// tab's session storage for the next list this tab shows to send.

/** The deletes waiting for their toast to close: each sends its DELETE when called. */
const waiting = new Map<string, () => void>();

function linkPath(id: string): string {
  return `/api/links/${encodeURIComponent(id)}`;
}

/** Where a tab keeps the deletes it left waiting, for its next page to send. */
const LEFT_BEHIND_KEY = "linkstash:deletes-left-behind";

function takeLeftBehind(): string[] {
  let ids: unknown;
  try {
    ids = JSON.parse(sessionStorage.getItem(LEFT_BEHIND_KEY) ?? "[]");
  } catch {
    ids = [];
  }
  sessionStorage.removeItem(LEFT_BEHIND_KEY);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

function sendWaitingOnLeave(): void {
  const ids = [...waiting.keys()];
  if (ids.length === 0) return;
  sessionStorage.setItem(LEFT_BEHIND_KEY, JSON.stringify([...takeLeftBehind(), ...ids]));
  for (const [id, settle] of waiting) {
    settle();
    // keepalive: the request outlives the page that sends it.
    void fetch(linkPath(id), { method: "DELETE", credentials: "include", keepalive: true });
  }
}

/**
 * Sends the deletes an earlier page of this tab left waiting (hidden meanwhile). A 404 means the
 * keepalive request got there first.
 */
export function sendDeletesLeftBehind(queryClient: QueryClient): void {
  for (const id of takeLeftBehind()) {
    hideLink(id);
    fetch(linkPath(id), { method: "DELETE", credentials: "include" })
      .then((res) => {
        if (!res.ok && res.status !== 404) throw new Error(`${res.status}`);
      })
      .then(() => refreshLinkLists(queryClient))
      .catch(() => {
        toast({ variant: "destructive", title: "Error", description: "Failed to delete the link" });
      })
      .finally(() => showLink(id));
  }
}

let listeningForLeave = false;

/** The card's Delete button, once Undo has put the card back. */
function focusDeleteButton(id: string): void {
  const button = document.querySelector(`[data-link-id="${CSS.escape(id)}"] [aria-label="Delete link"]`);
  if (button instanceof HTMLElement) button.focus();
}

export function deleteWithUndo(id: string, queryClient: QueryClient, restoreFocus: () => void): void {
  if (!listeningForLeave) {
    window.addEventListener("pagehide", sendWaitingOnLeave);
    listeningForLeave = true;
  }
  let settled = false;
  const settle = (): boolean => {
    if (settled) return false;
    settled = true;
    waiting.delete(id);
    return true;
  };
  waiting.set(id, settle);
  hideLink(id);
  afterRender(restoreFocus);

  const undo = () => {
    if (!settle()) return;
    showLink(id);
    afterRender(() => focusDeleteButton(id));
  };
  const send = () => {
    if (!settle()) return;
    apiRequest("DELETE", linkPath(id))
      .then(() => refreshLinkLists(queryClient))
      .catch((error: unknown) => {
        toast({
          variant: "destructive",
          title: "Error",
          description: serverMessage(error, "Failed to delete the link"),
        });
      })
      .finally(() => showLink(id));
  };

  toast({
    title: "Link deleted",
    description: "The link has been removed from your stash",
    action: { label: "Undo", altText: "Undo: bring the deleted link back", onClick: undo },
    onClose: send,
  });
}
