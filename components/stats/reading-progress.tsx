"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { READING_STATS_KEY } from "@/lib/client/query-keys";
import { CHART_HEIGHT, CHART_WIDTH, PLOT_X, readingChart, type ReadingChart } from "@/lib/stats/reading-chart";
import type { ReadingStatsResponse } from "@/lib/stats/response";

/**
 * "Reading progress" on the dashboard and History: links saved and read per week over the last 12
 * weeks, as a drawing (an image to assistive technology, named), a sentence that says the totals,
 * and the figures as a table for screen readers. Fetched once the page is on screen; saves, deletes
 * and read marks refresh it (components/links/link-queries.ts).
 */
export function ReadingProgress() {
  const stats = useQuery<ReadingStatsResponse>({ queryKey: READING_STATS_KEY });
  const headingId = useId();

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="pb-3">
        <CardTitle as="h2" id={headingId}>
          Reading progress
        </CardTitle>
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <div className="grid gap-3">
            <p role="status" className="sr-only">
              Loading your reading progress
            </p>
            <Skeleton className="h-5 w-4/5" />
            <Skeleton className="aspect-[32/15] w-full max-w-md" />
          </div>
        ) : stats.isError ? (
          <div role="alert" className="grid gap-3 text-sm">
            <p>Your reading progress could not be loaded.</p>
            <Button size="sm" variant="outline" className="justify-self-start" onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ReadingFigures chart={readingChart(stats.data.weeks)} />
        )}
      </CardContent>
    </Card>
  );
}

function ReadingFigures({ chart }: { chart: ReadingChart }) {
  if (chart.empty) {
    return <p className="text-sm text-muted-foreground">No links saved or read in the last 12 weeks yet.</p>;
  }
  return (
    <div className="grid gap-3">
      <CardDescription aria-live="polite">{chart.summary}</CardDescription>
      <svg
        role="img"
        aria-label="Links saved and read per week, the last 12 weeks"
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        className="w-full max-w-md text-[11px]"
      >
        {chart.gridLines.map((line) => (
          <g key={line.value}>
            <line
              x1={PLOT_X.from}
              x2={PLOT_X.to}
              y1={line.y}
              y2={line.y}
              className={line.value === 0 ? "stroke-muted-foreground" : "stroke-border"}
              strokeWidth={1}
            />
            <text x={line.labelX} y={line.y} dy="0.35em" textAnchor="end" className="fill-muted-foreground">
              {line.value}
            </text>
          </g>
        ))}
        {chart.weeks.map((week) => (
          <g key={week.key}>
            <title>{`Week of ${week.label}: ${week.saved} saved, ${week.read} read`}</title>
            <rect {...week.savedBar} rx={1.5} className="fill-muted-foreground" />
            <rect {...week.readBar} rx={1.5} className="fill-primary" />
            {week.tick ? (
              <text x={week.tick.x} y={week.tick.y} textAnchor="middle" className="fill-muted-foreground">
                {week.label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      {/* The key explains the drawing's colours; the table below carries the figures themselves. */}
      <p aria-hidden="true" className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-muted-foreground" />
          Saved
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-primary" />
          Read
        </span>
      </p>
      <table className="sr-only">
        <caption>Links saved and read per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Saved</th>
            <th scope="col">Read</th>
          </tr>
        </thead>
        <tbody>
          {chart.weeks.map((week) => (
            <tr key={week.key}>
              <th scope="row">{week.label}</th>
              <td>{week.saved}</td>
              <td>{week.read}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
