"use client";

import { useEffect } from "react";
import { SW_MESSAGE } from "@/lib/offline/sw-messages";

/**
 * Registers public/sw.js (the app shell cache that makes LinkStash installable) and tells it who is
 * signed in (`readerOwner`, an opaque key; null for nobody), so it drops reader pages kept for
 * anyone else.
 */
export function ServiceWorkerRegistration({ enabled, readerOwner }: { enabled: boolean; readerOwner: string | null }) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    // A browser that refuses (private mode, a blocked origin) leaves the site working as before.
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: SW_MESSAGE.readerOwner, owner: readerOwner }),
    );
  }, [enabled, readerOwner]);
  return null;
}
