"use client";

import { useEffect } from "react";
import { z } from "zod";
import { apiRequest } from "@/lib/client/fetcher";

// Tells the service worker (public/sw.js) which reader pages to keep for reading offline: those of
// the newest unread links (one page of 50), each with its title for the offline page.
const unreadLinks = z.array(z.object({ id: z.string(), url: z.string(), title: z.string().nullable() }));

export function OfflineReaderSync() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    void (async () => {
      const registration = await navigator.serviceWorker.ready;
      const res = await apiRequest("GET", "/api/links/history?unread=1&limit=50");
      const parsed = unreadLinks.safeParse(await res.json());
      if (!parsed.success || cancelled) return;
      registration.active?.postMessage({
        type: "keep-reader-pages",
        pages: parsed.data.map((link) => ({
          url: `/read/${encodeURIComponent(link.id)}`,
          title: link.title ?? link.url,
        })),
      });
    })().catch(() => {
      // Offline or signed out meanwhile: the pages kept last time stay.
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
