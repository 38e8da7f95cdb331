import { columnIndex, type CsvMapper } from "@/lib/import/pocket";
import type { ImportRecord } from "@/lib/import/record";

// LinkStash's own export formats, read back: the CSV (url,title,notes,categories,created_at,read_at,
// categories joined by "|", ISO 8601 times) and the JSON document {format, version, links: [...]}.

export const LINKSTASH_CSV_COLUMNS = ["url", "title", "notes", "categories", "created_at", "read_at"] as const;
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
  const [url, title, notes, categories, created, read] = LINKSTASH_CSV_COLUMNS.map(index);
  return ({ line, fields }) => {
    const at = (i: number | undefined) => (i === undefined || i < 0 ? "" : (fields[i] ?? ""));
    return {
      line,
      url: at(url),
      title: at(title) || null,
      notes: at(notes) || null,
      tags: at(categories).split("|"),
      createdAt: isoDate(at(created)),
      readAt: isoDate(at(read)),
    };
  };
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * The links of a LinkStash JSON export (or a bare array of such links). Each entry is numbered from
 * 1 in place of a line; an entry that is not an object becomes a record without a URL (reported).
 */
export function parseLinkstashJson(source: string): ImportRecord[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return null;
  }
  const links: unknown = Array.isArray(parsed) ? parsed : typeof parsed === "object" && parsed !== null && "links" in parsed ? parsed.links : null;
  if (!Array.isArray(links)) return null;
  return links.map((entry: unknown, i): ImportRecord => {
    const item: Record<string, unknown> = typeof entry === "object" && entry !== null ? { ...entry } : {};
    const categories = Array.isArray(item.categories) ? item.categories.filter((name): name is string => typeof name === "string") : [];
    return {
      line: i + 1,
      url: text(item.url) ?? "",
      title: text(item.title),
      notes: text(item.notes),
      tags: categories,
      createdAt: isoDate(item.createdAt),
      readAt: isoDate(item.readAt),
    };
  });
}
