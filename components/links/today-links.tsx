"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sendDeletesLeftBehind } from "@/components/links/delete-with-undo";
import { LinkItem } from "@/components/links/link-item";
import { mergedDayTotals, useTodayLinks } from "@/components/links/link-queries";
import { useLoadMoreOnScroll } from "@/components/links/use-load-more-on-scroll";
import { Badge } from "@/components/ui/badge";
import { BusyLabel } from "@/components/ui/busy-label";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useHiddenLinkIds, withoutHidden } from "@/lib/client/hidden-links";
import { useNow } from "@/lib/client/use-now";
import { localDateKey } from "@/lib/time/local-day";
import { formatInZone, linkCount } from "@/lib/time/local-time";
import { rememberListAddress } from "@/lib/client/list-address";

/**
 * Today's links: today's date in the user's zone and the count as the heading. The newest
 * 50 first, more as the list's end scrolls into view; the count is the day's true total.
 * `serverNow` is the server's clock as it rendered the page (lib/client/use-hydrated.ts, `useNow`).
 */
export function TodayLinks({ timeZone, serverNow }: { timeZone: string; serverNow: number }) {
  const today = useTodayLinks();
  // The reader returns here when it was opened from here (lib/client/list-address.ts).
  useEffect(() => rememberListAddress("/dashboard"), []);
  // A delete an earlier page of this tab left waiting for Undo goes out now.
  const queryClient = useQueryClient();
  useEffect(() => sendDeletesLeftBehind(queryClient), [queryClient]);
  const sentinel = useLoadMoreOnScroll(today);
  const now = useNow(serverNow);
  const date = formatInZone(now, timeZone, "weekdayDate");
  const hidden = useHiddenLinkIds();
  const loaded = today.data?.pages.flatMap((page) => page.links) ?? [];
  const links = withoutHidden(loaded, hidden);
  const newest = links[0];
  // A deleted link waiting for Undo is not counted either.
  const total = newest
    ? (mergedDayTotals(today.data?.pages ?? []).get(localDateKey(timeZone, new Date(newest.createdAt))) ??
        loaded.length) -
      (loaded.length - links.length)
    : 0;

  return (
    <section aria-labelledby="today-links-heading" className="grid gap-4">
      <h2 id="today-links-heading" className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
        {date}
        {today.data ? (
          <Badge variant="secondary" aria-live="polite">
            {linkCount(total)}
          </Badge>
        ) : null}
      </h2>

      {today.isPending ? (
        <div className="grid gap-3">
          <p role="status" className="sr-only">
            Loading today&apos;s links
          </p>
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : // A list already shown stays when a later refresh fails (the title's polling, say).
      today.isError && !today.data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/50 p-4 text-sm"
        >
          <p>Today&apos;s links could not be loaded.</p>
          <Button size="sm" variant="outline" onClick={() => void today.refetch()}>
            Try again
          </Button>
        </div>
      ) : links.length === 0 ? (
        <div className="rounded-lg border border-dashed p-8 text-center">
          <p className="font-medium">No links saved today</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Links you save today appear here and in your next digest.
          </p>
        </div>
      ) : (
        <>
          <ul aria-label="Today's links" className="grid gap-3">
            {links.map((link) => (
              <li key={link.id}>
                <LinkItem link={link} timeZone={timeZone} now={now} />
              </li>
            ))}
          </ul>
          {today.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void today.fetchNextPage()} disabled={today.isFetchingNextPage}>
                <BusyLabel busy={today.isFetchingNextPage} label="Load more" busyLabel="Loading more..." />
              </Button>
            </div>
          ) : null}
          <div ref={sentinel} aria-hidden="true" />
        </>
      )}
    </section>
  );
}
