"use client";

import { useEffect } from "react";
import { OFFLINE_KEEP_STORAGE_KEY, parseOfflineKeep } from "@/lib/client/offline-keep";
import { readStored } from "@/lib/client/reader-size";

// Asks the service worker (public/sw.js) to bring the reader pages kept for reading offline up to
// date: the newest unread links, as many as this device keeps (Settings, "Offline reading"). The
// worker asks the server only what changed since its last sync. `owner` names the user whose pages
// they are.

/** Posts a sync to the worker; `port`, when given, hears what the device keeps once it is done. */
export async function syncOfflinePages(owner: string, port?: MessagePort): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const keep = parseOfflineKeep(readStored(OFFLINE_KEEP_STORAGE_KEY));
  registration.active?.postMessage({ type: "sync-reader-pages", owner, keep }, port ? [port] : []);
}

export function OfflineReaderSync({ owner }: { owner: string }) {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    void syncOfflinePages(owner);
  }, [owner]);
  return null;
}
