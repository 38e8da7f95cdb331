import { parseCsv } from "@/lib/import/csv";
import { instapaperMapper, isInstapaperHeader } from "@/lib/import/instapaper";
import { isLinkstashCsvHeader, linkstashCsvMapper } from "@/lib/import/linkstash";
import { isPocketHeader, pocketMapper, type CsvMapper } from "@/lib/import/pocket";

// Which export a file is, from its first bytes (and its name when the content is ambiguous).

export type ImportKind =
  | { kind: "zip" }
  | { kind: "json" }
  | { kind: "html" }
  | { kind: "opml" }
  | {
      kind: "csv";
      format: "pocket" | "instapaper" | "linkstash-csv";
      mapper: (header: readonly string[]) => CsvMapper;
    };

export type ImportFormatName =
  "pocket-zip" | "pocket" | "instapaper" | "linkstash-csv" | "linkstash-json" | "netscape" | "opml";

export const FORMAT_LABELS: Record<ImportFormatName, string> = {
  "pocket-zip": "Pocket export (ZIP)",
  pocket: "Pocket CSV",
  instapaper: "Instapaper CSV",
  "linkstash-csv": "LinkStash CSV",
  "linkstash-json": "LinkStash JSON",
  netscape: "bookmark HTML",
  opml: "OPML list of feeds",
};

export const UNKNOWN_FORMAT_MESSAGE =
  "This file is not an export we can read. Choose Pocket's ZIP or CSV, Instapaper's CSV, a bookmark HTML file, an OPML list of feeds or a LinkStash export.";

/** A ZIP archive's first local file header. */
export function isZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/** The CSV flavour from its header row, or null. */
export function csvKind(header: readonly string[]): ImportKind | null {
  if (isLinkstashCsvHeader(header)) return { kind: "csv", format: "linkstash-csv", mapper: linkstashCsvMapper };
  if (isInstapaperHeader(header)) return { kind: "csv", format: "instapaper", mapper: instapaperMapper };
  if (isPocketHeader(header)) return { kind: "csv", format: "pocket", mapper: pocketMapper };
  return null;
}

/**
 * The kind of file from its first bytes (`head`, at least its first line when it has one) and name.
 * A CSV is told apart by its header row, so "title,url,time_added" is Pocket whatever the name.
 * Markup holding an <opml> element, or named .opml or .xml, is a feed reader's subscription list.
 */
export function detectKind(head: Uint8Array, headText: string, fileName: string): ImportKind | null {
  if (isZip(head)) return { kind: "zip" };
  const text = headText.replace(/^\ufeff/, "").trimStart();
  if (/^<!doctype\s+(netscape-bookmark-file|html)/i.test(text) || /^<(html|meta|title|h1|dl)\b/i.test(text))
    return { kind: "html" };
  if (text.startsWith("<") && (/<opml[\s>]/i.test(text) || /\.(opml|xml)$/i.test(fileName))) return { kind: "opml" };
  if (text.startsWith("{") || text.startsWith("[")) return { kind: "json" };
  const firstLine = /^[^\r\n]*/.exec(text)?.[0] ?? "";
  const header = parseCsv(firstLine)[0]?.fields ?? [];
  const csv = csvKind(header);
  if (csv) return csv;
  return /\.html?$/i.test(fileName) && text.includes("<") ? { kind: "html" } : null;
}
