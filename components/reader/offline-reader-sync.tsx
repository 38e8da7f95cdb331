"use client";

import { useEffect } from "react";
import { apiRequest } from "@/lib/client/fetcher";
import { stringField } from "@/lib/client/json-fields";

// Tells the service worker (public/sw.js) which reader pages to keep for reading offline: those of
// the newest unread links (one page of 50), each with its title for the offline page and a version,
// the link as the API describes it: the worker fetches a page again only when that changed (a new
// title or note, the reading time once its article is extracted). `owner` names the user whose
// pages they are.

export function OfflineReaderSync({ owner }: { owner: string }) {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    void (async () => {
      const registration = await navigator.serviceWorker.ready;
      const res = await apiRequest("GET", "/api/links/history?unread=1&limit=50");
      const links: unknown = await res.json();
      if (!Array.isArray(links) || cancelled) return;
      const pages = links.flatMap((link: unknown) => {
        const id = stringField(link, "id");
        const url = stringField(link, "url");
        if (id === undefined || url === undefined) return [];
        return [
          {
            url: `/read/${encodeURIComponent(id)}`,
            title: stringField(link, "title") ?? url,
            version: JSON.stringify(link),
          },
        ];
      });
      registration.active?.postMessage({ type: "keep-reader-pages", owner, pages });
    })().catch(() => {
      // Offline or signed out meanwhile: the pages kept last time stay.
    });
    return () => {
      cancelled = true;
    };
  }, [owner]);
  return null;
}
