"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useId } from "react";
import { refreshLinkLists } from "@/components/links/link-queries";
import { Badge } from "@/components/ui/badge";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { FEED_ITEMS_KEY } from "@/lib/client/query-keys";
import { displayUrl } from "@/lib/links/display-url";
import type { FeedItemResponse } from "@/lib/subscriptions/feed-item-schemas";

const itemsWord = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

function FeedItemRow({ item }: { item: FeedItemResponse }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => apiRequest("POST", `/api/feed-items/${encodeURIComponent(item.id)}/save`),
    onSuccess: async () => {
      toast({ title: "Saved to your stash", description: item.title ?? displayUrl(item.url) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: FEED_ITEMS_KEY }), refreshLinkLists(queryClient)]);
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Not saved",
        description: serverMessage(error, "An error occurred while trying to save this item."),
      }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border p-3">
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <a
          id={titleId}
          href={item.url}
          target="_blank"
          rel="noopener noreferrer"
          className="w-fit max-w-full rounded-sm font-medium [overflow-wrap:anywhere] text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {item.title?.trim() || displayUrl(item.url)}
          <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <span className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
          {item.feed}
          {item.digestedAt ? " · in your last digest" : " · coming in your next digest"}
        </span>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-describedby={titleId}
        disabled={save.isPending}
        onClick={() => save.mutate()}
      >
        <BusyLabel busy={save.isPending} label="Save to stash" busyLabel="Saving…" />
      </Button>
    </li>
  );
}

/**
 * "From your feeds" (docs/product.md, "Feeds in the digest"): items of the feeds that go to the
 * digest, waiting for it or carried lately, not saved yet, each with Save to stash; nothing at all
 * when there are none. The dashboard prefills the list.
 */
export function FeedItemsList() {
  const { data } = useQuery<FeedItemResponse[]>({ queryKey: FEED_ITEMS_KEY });
  const items = data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="feed-items-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="feed-items-heading" className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
          From your feeds
          <Badge variant="secondary">{itemsWord(items.length)}</Badge>
        </h2>
        <p className="text-sm text-muted-foreground">
          New items of the feeds you get in your digest. Save one to keep it in your stash.
        </p>
      </div>
      <ul aria-label="Items from your feeds" className="grid gap-3">
        {items.map((item) => (
          <FeedItemRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
