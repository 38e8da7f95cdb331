import { CHART_HEIGHT, CHART_WIDTH, PLOT_X, readingChart } from "@/lib/stats/reading-chart";
import type { ReadingWeek } from "@/lib/stats/response";

/**
 * The reading figures of components/stats/reading-progress.tsx: the sentence, the drawing (one
 * named image to assistive technology) and a table of every week for screen readers, or one
 * sentence when the weeks hold nothing.
 */
export function ReadingFigures({ weeks }: { weeks: ReadingWeek[] }) {
  const chart = readingChart(weeks);
  if (chart.empty) {
    return <p className="text-sm text-muted-foreground">No links saved or read in the last 12 weeks yet.</p>;
  }
  return (
    <div className="grid gap-3">
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {chart.summary}
      </p>
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
