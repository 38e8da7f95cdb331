"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useEffect, useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { READING_STATS_KEY } from "@/lib/client/query-keys";
import type { ReadingStatsResponse } from "@/lib/stats/response";

// The drawing's code loads beside the figures' request, not with the page (decision 0322): the
// signed-in pages' first load stays within its budget (decision 0280).
const loadFigures = () => import("@/components/stats/reading-figures");
const ReadingFigures = dynamic(() => loadFigures().then((module) => module.ReadingFigures), {
  ssr: false,
  loading: () => <FiguresPlaceholder />,
});

/**
 * "Reading progress" on the dashboard and History: links saved and read per week over the last 12
 * weeks, as a drawing (an image to assistive technology, named), a sentence that says the totals,
 * and the figures as a table for screen readers. Fetched once the page is on screen; saves, deletes
 * and read marks refresh it (components/links/link-queries.ts).
 */
export function ReadingProgress() {
  const stats = useQuery<ReadingStatsResponse>({ queryKey: READING_STATS_KEY });
  const headingId = useId();
  // A failed early load is not an error of its own: the figures' own load below reports it.
  useEffect(() => void loadFigures().catch(() => undefined), []);

  return (
    // One padded block, no separate header: compact enough to leave History's first link on a
    // phone's first screen.
    <Card aria-labelledby={headingId} role="region" className="grid gap-3 p-4 sm:p-6">
      <CardTitle as="h2" id={headingId}>
        Reading progress
      </CardTitle>
      {stats.isPending ? (
        <FiguresPlaceholder />
      ) : stats.isError ? (
        <div role="alert" className="grid gap-3 text-sm">
          <p>Your reading progress could not be loaded.</p>
          <Button size="sm" variant="outline" className="justify-self-start" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ReadingFigures weeks={stats.data.weeks} />
      )}
    </Card>
  );
}

/** The figures' place while they load: as tall as the sentence and the drawing, so nothing moves. */
function FiguresPlaceholder() {
  return (
    <div className="grid gap-3">
      <p role="status" className="sr-only">
        Loading your reading progress
      </p>
      <Skeleton className="h-5 w-4/5" />
      <Skeleton className="aspect-[32/12] w-full max-w-md" />
    </div>
  );
}
