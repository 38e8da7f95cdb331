import { CHART_HEIGHT, CHART_WIDTH, KEY, PLOT_X, readingChart } from "@/lib/stats/reading-chart";
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
        {/* The key: inside the drawing, as it explains only the drawing (the table has the figures). */}
        {(["saved", "read"] as const).map((series) => (
          <g key={series}>
            <rect
              x={KEY[series].x}
              y={KEY[series].y}
              width={KEY.swatch}
              height={KEY.swatch}
              rx={1.5}
              className={series === "saved" ? "fill-muted-foreground" : "fill-primary"}
            />
            <text
              x={KEY[series].x + KEY.swatch + 4}
              y={KEY[series].y + KEY.swatch / 2}
              dy="0.35em"
              className="fill-muted-foreground"
            >
              {KEY[series].label}
            </text>
          </g>
        ))}
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
