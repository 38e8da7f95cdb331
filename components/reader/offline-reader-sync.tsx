"use client";

import { useEffect } from "react";

// The dashboard asks the service worker to sync the articles kept offline; the worker asks the
// server only what changed since its last sync. The code loads after the page (decision 0318):
// the dashboard is at its page-weight budget. `owner` names the user whose pages they are.

export function OfflineReaderSync({ owner }: { owner: string }) {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    import("@/components/reader/offline-sync")
      .then((module) => module.syncOfflinePages(owner))
      .catch(() => {
        // Offline and the code not loaded yet: the pages kept last time stay until the next visit.
      });
  }, [owner]);
  return null;
}
