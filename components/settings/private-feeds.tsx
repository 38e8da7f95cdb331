"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { copyText } from "@/lib/client/copy-text";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";
import { FEEDS_KEY } from "@/lib/client/query-keys";

type FeedAddresses = { unread: string; favorites: string; categories: { name: string; url: string }[] };

/**
 * Settings → Feeds: the private Atom feeds' addresses (copy each into a feed reader), and new ones
 * on request (the old ones stop working, so it asks first).
 */
export function PrivateFeeds() {
  const queryClient = useQueryClient();
  const feeds = useQuery<FeedAddresses>({ queryKey: FEEDS_KEY }).data;
  const [message, setMessage] = useState("");
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation({
    mutationFn: async () => {
      const renewed: FeedAddresses = await (await apiRequest("POST", "/api/user/feeds/regenerate")).json();
      queryClient.setQueryData(FEEDS_KEY, renewed);
    },
    onSuccess: () => {
      setConfirming(false);
      setMessage("Your feeds have new addresses. The old ones no longer work.");
    },
    onError: (error) => {
      setConfirming(false);
      setMessage(serverMessage(error, "New addresses could not be made. Please try again."));
    },
  });
  if (!feeds) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const rows = [
    { name: "Unread", url: feeds.unread },
    { name: "Favorites", url: feeds.favorites },
    ...feeds.categories.map((category) => ({ name: category.name, url: category.url })),
  ];
  return (
    <div className="grid gap-4">
      <ul aria-label="Your feeds" className="grid gap-3">
        {rows.map((row) => (
          <li key={row.url} className="grid gap-1 text-sm">
            <span className="font-medium">{row.name}</span>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <output className="min-w-0 break-all rounded-md border bg-muted px-3 py-2 font-mono text-xs">
                {row.url}
              </output>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Copy the ${row.name} feed's address`}
                onClick={async () => setMessage(await copyText(row.url, "address"))}
              >
                Copy
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          New addresses
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {message}
      </p>
      <ConfirmDialog
        title="Make new feed addresses?"
        description="Feed readers using the current addresses will stop getting your links. Add the new addresses to them."
        confirmLabel="Make new addresses"
        busyLabel="Making..."
        variant="default"
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => regenerate.mutate()}
        busy={regenerate.isPending}
      />
    </div>
  );
}
