"use client";

import { useEffect } from "react";

/** Registers public/sw.js (the app shell cache that makes LinkStash installable). */
export function ServiceWorkerRegistration({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    // A browser that refuses (private mode, a blocked origin) leaves the site working as before.
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  }, [enabled]);
  return null;
}
