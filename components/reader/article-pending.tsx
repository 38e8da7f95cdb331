"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { apiRequest } from "@/lib/client/fetcher";
import { stringField } from "@/lib/client/json-fields";

const POLL_MS = 2_000;

/** While the article is being extracted: asks again every few seconds, then shows the page anew. */
export function ArticlePending({ linkId, url }: { linkId: string; url: string }) {
  const router = useRouter();
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      const res = await apiRequest("GET", `/api/links/${encodeURIComponent(linkId)}/article`);
      const status = stringField(await res.json(), "status");
      if (stopped) return;
      // "ready" or "unavailable": the page shows the article, or says why not.
      if (status !== undefined && status !== "pending") router.refresh();
      else timer = setTimeout(() => void poll().catch(retry), POLL_MS);
    };
    const retry = () => {
      if (!stopped) timer = setTimeout(() => void poll().catch(retry), POLL_MS);
    };
    let timer = setTimeout(() => void poll().catch(retry), 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [linkId, router]);

  return (
    <div className="grid gap-2 rounded-lg border p-6" role="status">
      <p className="font-medium">Preparing the article…</p>
      <p className="text-sm text-muted-foreground">
        LinkStash is fetching this page to show it here.{" "}
        <a href={url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
          Open the original page
        </a>
      </p>
    </div>
  );
}
