"use client";

import { LinkItem } from "@/components/links/link-item";
import { useTodayLinks } from "@/components/links/link-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatInZone, linkCount } from "@/lib/local-time";

/** Today's links (SPEC §2): today's date in the user's zone and the count as the heading. */
export function TodayLinks({ timeZone }: { timeZone: string }) {
  const today = useTodayLinks();
  const date = formatInZone(new Date(), timeZone, "EEEE, MMMM d, yyyy");

  return (
    <section aria-labelledby="today-links-heading" className="grid gap-4">
      <h2 id="today-links-heading" className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
        {date}
        {today.data ? (
          <Badge variant="secondary" aria-live="polite">
            {linkCount(today.data.length)}
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
      ) : today.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/50 p-4 text-sm">
          <p>Today&apos;s links could not be loaded.</p>
          <Button size="sm" variant="outline" onClick={() => void today.refetch()}>
            Try again
          </Button>
        </div>
      ) : today.data.length === 0 ? (
        <div className="rounded-lg border border-dashed p-8 text-center">
          <p className="font-medium">No links saved today</p>
          <p className="mt-1 text-sm text-muted-foreground">Links you save today appear here and in your next digest.</p>
        </div>
      ) : (
        <ul aria-label="Today's links" className="grid gap-3">
          {today.data.map((link) => (
            <li key={link.id}>
              <LinkItem link={link} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
