import { LazyImportForm } from "@/components/settings/cards-after-page";

// Settings → Import and export: the import (a client form) and the export links (plain downloads,
// rendered on the server): every link in one of the link formats, and the feeds followed as OPML.

const EXPORTS = [
  { format: "json", label: "JSON" },
  { format: "csv", label: "CSV" },
  { format: "html", label: "Bookmarks (HTML)" },
  { format: "markdown", label: "Highlights (Markdown)" },
] as const;

const DOWNLOAD_CLASS =
  "inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background dark:border-input";

export function ImportExportCard() {
  return (
    <div className="grid gap-6">
      <LazyImportForm />
      <section aria-labelledby="export-heading" className="grid gap-2">
        <h3 id="export-heading" className="text-sm font-medium">
          Export all links
        </h3>
        <ul className="flex flex-wrap gap-2">
          {EXPORTS.map(({ format, label }) => (
            <li key={format}>
              <a href={`/api/export?format=${format}`} download className={DOWNLOAD_CLASS}>
                Download {label}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="export-feeds-heading" className="grid gap-2">
        <h3 id="export-feeds-heading" className="text-sm font-medium">
          Export feeds
        </h3>
        <p className="text-sm text-muted-foreground">
          The feeds you follow, with their categories as folders, for any feed reader.
        </p>
        <div>
          <a href="/api/export?format=opml" download className={DOWNLOAD_CLASS}>
            Download OPML
          </a>
        </div>
      </section>
    </div>
  );
}
