import { importedHighlights } from "@/lib/highlights/exported";
import { fromSpreadsheetSafe } from "@/lib/export/spreadsheet-cell";
import { ImportFileError } from "@/lib/import/errors";
import { createJsonEntryReader, type JsonValue } from "@/lib/import/json-stream";
import { columnIndex, type CsvMapper } from "@/lib/import/pocket";
import { splitNames } from "@/lib/import/name-list";
import { importedTitle, reminderDay, stateOf, type ImportRecord } from "@/lib/import/record";

// LinkStash's own export formats, read back: the CSV (url,title,notes,categories,created_at,read_at,
// archived_at,remind_on,favorited_at (the last three absent from older exports),
// categories joined by "|" with a "|" inside a name escaped (lib/import/name-list.ts), ISO 8601
// times, cells made spreadsheet-safe) and the JSON document {format, version, links: [...]}, whose
// links carry their highlights.

export const LINKSTASH_CSV_COLUMNS = [
  "url",
  "title",
  "notes",
  "categories",
  "created_at",
  "read_at",
  "archived_at",
  "remind_on",
  "favorited_at",
] as const;
export const LINKSTASH_JSON_FORMAT = "linkstash";

export function isLinkstashCsvHeader(header: readonly string[]): boolean {
  const index = columnIndex(header);
  return index("url") !== -1 && index("categories") !== -1 && index("created_at") !== -1;
}

function isoDate(value: unknown): Date | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function linkstashCsvMapper(header: readonly string[]): CsvMapper {
  const index = columnIndex(header);
  const [url, title, notes, categories, created, read, archived, remind, favorited] = LINKSTASH_CSV_COLUMNS.map(index);
  return ({ line, fields }) => {
    const at = (i: number | undefined) => (i === undefined || i < 0 ? "" : fromSpreadsheetSafe(fields[i] ?? ""));
    return {
      line,
      url: at(url),
      title: importedTitle(at(title)),
      notes: at(notes) || null,
      tags: splitNames(at(categories), "|"),
      createdAt: isoDate(at(created)),
      readAt: isoDate(at(read)),
      ...stateOf(isoDate(at(archived)), reminderDay(at(remind)), isoDate(at(favorited))),
    };
  };
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** One entry of a JSON export's links, numbered from 1 in place of a line; not an object: no URL (reported). */
export function linkstashJsonRecord(entry: JsonValue, number: number): ImportRecord {
  const item = typeof entry === "object" && entry !== null && !Array.isArray(entry) ? entry : {};
  const categories = Array.isArray(item.categories)
    ? item.categories.filter((name): name is string => typeof name === "string")
    : [];
  const highlights = importedHighlights(item.highlights, isoDate(item.createdAt) ?? new Date());
  return {
    line: number,
    url: text(item.url) ?? "",
    title: typeof item.title === "string" ? importedTitle(item.title) : null,
    notes: text(item.notes),
    tags: categories,
    createdAt: isoDate(item.createdAt),
    readAt: isoDate(item.readAt),
    ...stateOf(isoDate(item.archivedAt), reminderDay(item.remindOn), isoDate(item.favoritedAt)),
    ...(highlights.length > 0 && { highlights }),
  };
}

/** The links of a whole LinkStash JSON export (or a bare array of such links); null when it is none. */
export function parseLinkstashJson(source: string): ImportRecord[] | null {
  const reader = createJsonEntryReader();
  try {
    return [...reader.push(source), ...reader.end()].map((entry, i) => linkstashJsonRecord(entry, i + 1));
  } catch (error) {
    if (error instanceof ImportFileError) return null;
    throw error;
  }
}
