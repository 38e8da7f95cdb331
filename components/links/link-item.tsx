"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, LoaderCircle, Trash2 } from "lucide-react";
import { refreshLinkLists, type StashLink } from "@/components/links/link-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { DEFAULT_CATEGORY } from "@/lib/categories-rules";
import { apiRequest, serverMessage } from "@/lib/fetcher";
import { formatInZone, isSameLocalDay } from "@/lib/local-time";

/** One saved link (SPEC §2 "Link item"), on the dashboard and in the history. */
export function LinkItem({ link, timeZone }: { link: StashLink; timeZone: string }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/links/${encodeURIComponent(link.id)}`),
    onSuccess: async () => {
      toast({ title: "Link deleted", description: "The link has been removed from your stash" });
      await refreshLinkLists(queryClient);
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Error", description: serverMessage(error, "Failed to delete the link") });
    },
  });

  const title = link.title?.trim() || link.url;
  const categories = link.categories.length > 0 ? link.categories : [link.category || DEFAULT_CATEGORY];
  const addedToday = isSameLocalDay(timeZone, link.createdAt, new Date());

  return (
    <article className="flex items-start gap-3 rounded-lg border bg-card p-4" aria-busy={remove.isPending}>
      <div className="grid min-w-0 flex-1 gap-2">
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="w-fit max-w-full rounded-sm font-medium leading-snug [overflow-wrap:anywhere] text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {title}
          <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-baseline text-muted-foreground" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>

        <div className="flex flex-wrap gap-1.5">
          {categories.map((name, index) => (
            <Badge key={name} variant={index === 0 ? "default" : "secondary"} className="max-w-full">
              <span className="truncate">{name}</span>
            </Badge>
          ))}
          {addedToday ? <Badge variant="success">Added today</Badge> : null}
        </div>

        <p className="text-xs break-all text-muted-foreground">{link.url}</p>
        {link.notes ? <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{link.notes}</p> : null}
        <p className="text-xs text-muted-foreground">
          <time dateTime={link.createdAt}>{formatInZone(link.createdAt, timeZone, "h:mm a")}</time>
        </p>
      </div>

      <Button
        variant="ghost"
        size="icon"
        aria-label="Delete link"
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
        className="-mt-1 -mr-1 text-muted-foreground hover:text-destructive"
      >
        {remove.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
      </Button>
    </article>
  );
}
