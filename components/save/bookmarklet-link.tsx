"use client";

import { Bookmark } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { bookmarkletHref } from "@/lib/save/bookmarklet";

/**
 * The drag-me bookmarklet. React refuses `javascript:` in an href prop, so the address is set on
 * the element after mount. Clicking it here does nothing but say what to do with it.
 */
export function BookmarkletLink({ origin, saveKey }: { origin: string; saveKey: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [hint, setHint] = useState("");

  useEffect(() => {
    ref.current?.setAttribute("href", bookmarkletHref(origin, saveKey));
  }, [origin, saveKey]);

  return (
    <div className="grid gap-2">
      <a
        ref={ref}
        aria-describedby="bookmarklet-help"
        onClick={(event) => {
          event.preventDefault();
          setHint("Drag this button to your bookmarks bar (or bookmark it), then use it on the page you want to save.");
        }}
        className="inline-flex w-fit cursor-grab items-center gap-2 rounded-md border border-primary bg-primary/10 px-3 py-2 text-sm font-medium text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-primary/20"
      >
        <Bookmark aria-hidden="true" className="size-4" />
        Save to LinkStash
      </a>
      <p id="bookmarklet-help" className="text-sm text-muted-foreground">
        Drag the button to your bookmarks bar. On any page, click the bookmark: the page, its title and the text you
        selected are saved in a small window, and you stay where you are.
      </p>
      <p role="status" aria-live="polite" className="text-sm">
        {hint}
      </p>
    </div>
  );
}
