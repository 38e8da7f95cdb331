"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { displayUrl } from "@/lib/links/display-url";
import type { SharedLink } from "@/lib/save/shared-link";

type State = { status: "confirm" } | { status: "saving" } | { status: "saved" } | { status: "failed"; message: string };

const CLOSE_DELAY_MS = 2000;

/**
 * Saves the link once and says how it went: as soon as the page is open when the user opened it
 * themselves (their bookmarklet's key, the share sheet), after a click on Save link otherwise (any
 * other site may open this page). In the popup the window closes itself shortly after a save.
 */
export function QuickSave({
  link,
  closeWhenSaved,
  saveAtOnce,
}: {
  link: SharedLink;
  closeWhenSaved: boolean;
  saveAtOnce: boolean;
}) {
  const [state, setState] = useState<State>({ status: saveAtOnce ? "saving" : "confirm" });
  // React's development double effect must not save twice.
  const started = useRef(false);

  const save = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setState({ status: "saving" });
    apiRequest("POST", "/api/links", { url: link.url, title: link.title, notes: link.notes }).then(
      () => setState({ status: "saved" }),
      (error: unknown) =>
        setState({ status: "failed", message: serverMessage(error, "The link could not be saved. Please try again.") }),
    );
  }, [link]);

  useEffect(() => {
    if (saveAtOnce) save();
  }, [saveAtOnce, save]);

  useEffect(() => {
    if (state.status !== "saved" || !closeWhenSaved) return;
    const timer = window.setTimeout(() => window.close(), CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state, closeWhenSaved]);

  return (
    <div className="grid gap-4">
      <div className="grid gap-1 break-words">
        <p className="font-medium">{link.title ?? displayUrl(link.url)}</p>
        {link.title ? <p className="text-sm text-muted-foreground">{displayUrl(link.url)}</p> : null}
        {link.notes ? <p className="line-clamp-4 text-sm text-muted-foreground">{link.notes}</p> : null}
      </div>
      <p
        role="status"
        aria-live="polite"
        className={
          state.status === "failed"
            ? "font-medium text-destructive"
            : state.status === "confirm"
              ? "font-medium"
              : "font-medium text-green-700 dark:text-green-400"
        }
      >
        {state.status === "confirm"
          ? "Save this link to your stash?"
          : state.status === "saving"
            ? "Saving…"
            : state.status === "saved"
              ? "Saved to LinkStash"
              : state.message}
      </p>
      <div className="flex flex-wrap gap-2">
        {state.status === "confirm" ? <Button onClick={save}>Save link</Button> : null}
        <Button asChild variant="outline">
          <a href="/dashboard" target="_blank" rel="noopener">
            Open LinkStash
          </a>
        </Button>
        {closeWhenSaved ? (
          <Button variant="ghost" onClick={() => window.close()}>
            Close
          </Button>
        ) : null}
      </div>
    </div>
  );
}
