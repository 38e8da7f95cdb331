import type { CsvRecord } from "@/lib/import/csv";
import { fromUnixSeconds, importedTitle, type ImportRecord } from "@/lib/import/record";

// Pocket's CSV export (part_000000.csv …): title,url,time_added,cursor,tags,status with the tags
// joined by "|", time_added in unix seconds, status "unread" or "archive".

export const POCKET_COLUMNS = ["title", "url", "time_added", "cursor", "tags", "status"] as const;

export type CsvMapper = (record: CsvRecord) => ImportRecord;

/** The index of every named column in a header row, matched ignoring case and spaces. */
export function columnIndex(header: readonly string[]): (name: string) => number {
  const names = header.map((name) => name.trim().toLowerCase());
  return (name) => names.indexOf(name.toLowerCase());
}

export function isPocketHeader(header: readonly string[]): boolean {
  const index = columnIndex(header);
  return index("url") !== -1 && index("time_added") !== -1;
}

export function pocketMapper(header: readonly string[]): CsvMapper {
  const index = columnIndex(header);
  const [title, url, added, tags, status] = ["title", "url", "time_added", "tags", "status"].map(index);
  return ({ line, fields }) => {
    const at = (i: number | undefined) => (i === undefined || i < 0 ? "" : (fields[i] ?? ""));
    const createdAt = fromUnixSeconds(at(added));
    return {
      line,
      url: at(url),
      title: importedTitle(at(title)),
      notes: null,
      tags: at(tags).split("|"),
      createdAt,
      // Pocket keeps no time of reading; the save time stands in for it.
      readAt: at(status).trim().toLowerCase() === "archive" ? (createdAt ?? new Date(0)) : null,
    };
  };
}
