"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest, serverMessage } from "@/lib/fetcher";
import type { SharedLink } from "@/lib/shared-link";

type State = { status: "saving" } | { status: "saved" } | { status: "failed"; message: string };

const CLOSE_DELAY_MS = 2000;

/**
 * Saves the link once, as soon as the page is open (the bookmarklet's popup, the share target),
 * and says how it went. In the popup the window closes itself shortly after a save.
 */
export function QuickSave({ link, closeWhenSaved }: { link: SharedLink; closeWhenSaved: boolean }) {
  const [state, setState] = useState<State>({ status: "saving" });
  // React's development double effect must not save twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiRequest("POST", "/api/links", { url: link.url, title: link.title, notes: link.notes }).then(
      () => setState({ status: "saved" }),
      (error: unknown) => setState({ status: "failed", message: serverMessage(error, "The link could not be saved. Please try again.") }),
    );
  }, [link]);

  useEffect(() => {
    if (state.status !== "saved" || !closeWhenSaved) return;
    const timer = window.setTimeout(() => window.close(), CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state, closeWhenSaved]);

  return (
    <div className="grid gap-4">
      <div className="grid gap-1 break-words">
        <p className="font-medium">{link.title ?? link.url}</p>
        {link.title ? <p className="text-sm text-muted-foreground">{link.url}</p> : null}
        {link.notes ? <p className="line-clamp-4 text-sm text-muted-foreground">{link.notes}</p> : null}
      </div>
      <p
        role="status"
        aria-live="polite"
        className={state.status === "failed" ? "font-medium text-destructive" : "font-medium text-green-700 dark:text-green-400"}
      >
        {state.status === "saving" ? "Saving…" : state.status === "saved" ? "Saved to LinkStash" : state.message}
      </p>
      <div className="flex flex-wrap gap-2">
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
