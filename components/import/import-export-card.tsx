import { LazyImportForm } from "@/components/settings/cards-after-page";

// Settings → Import and export: the import (a client form) and the export links (plain downloads,
// rendered on the server).

const EXPORTS = [
  { format: "json", label: "JSON" },
  { format: "csv", label: "CSV" },
  { format: "html", label: "Bookmarks (HTML)" },
  { format: "markdown", label: "Highlights (Markdown)" },
] as const;

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
              <a
                href={`/api/export?format=${format}`}
                download
                className="inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background dark:border-input"
              >
                Download {label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
