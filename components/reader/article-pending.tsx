"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { usePreparationOver } from "@/components/reader/article-queries";

/** While the article is being extracted: asks again every few seconds, then shows the page anew. */
export function ArticlePending({ linkId, url }: { linkId: string; url: string }) {
  const router = useRouter();
  const over = usePreparationOver(linkId);
  // "ready" or "unavailable": the page shows the article, or says why not.
  useEffect(() => {
    if (over) router.refresh();
  }, [over, router]);

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
