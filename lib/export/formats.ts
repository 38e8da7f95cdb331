import { highlightJson, type ExportedHighlight } from "@/lib/highlights/exported";
import { markdownHead, markdownLink } from "@/lib/highlights/markdown";
import { spreadsheetSafe } from "@/lib/export/spreadsheet-cell";
import { csvRow } from "@/lib/import/csv";
import { encodeEntities } from "@/lib/import/html-entities";
import { LINKSTASH_CSV_COLUMNS, LINKSTASH_JSON_FORMAT } from "@/lib/import/linkstash";
import { joinNames } from "@/lib/import/name-list";

// The export formats, written one link at a time: LinkStash JSON, LinkStash CSV and a Netscape
// bookmark file (what browsers, Pocket and Raindrop read), all of which LinkStash imports back into
// the same links: titles as stored (one equal to its address too), read, archived, reminder and
// favorite states and whole category
// names (a separator inside a name is escaped, lib/import/name-list.ts). The JSON carries each link's
// highlights too; "markdown" is the highlights alone, to read or paste elsewhere (not imported).

export const EXPORT_FORMATS = ["json", "csv", "html", "markdown"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: string | null): value is ExportFormat {
  return EXPORT_FORMATS.some((format) => format === value);
}

export type ExportedLink = {
  url: string;
  title: string | null;
  notes: string | null;
  categories: string[];
  createdAt: Date;
  readAt: Date | null;
  /** "Not interested": never brought back by a digest. */
  archivedAt: Date | null;
  /** The local calendar day the link comes back on (a date-only column: midnight UTC). */
  remindOn: Date | null;
  /** In Favorites since. */
  favoritedAt: Date | null;
  /** Oldest first. */
  highlights: ExportedHighlight[];
};

/** A reminder day as written in every format: "2026-12-01". */
export function dayKey(day: Date): string {
  return day.toISOString().slice(0, 10);
}

export type ExportWriter = {
  contentType: string;
  extension: string;
  head: (exportedAt: Date) => string;
  /** `index` counts from 0, for separators. */
  link: (link: ExportedLink, index: number) => string;
  tail: string;
};

const json: ExportWriter = {
  contentType: "application/json; charset=utf-8",
  extension: "json",
  head: (exportedAt) =>
    `{"format":"${LINKSTASH_JSON_FORMAT}","version":1,"exportedAt":"${exportedAt.toISOString()}","links":[\n`,
  link: (link, index) =>
    `${index === 0 ? "" : ",\n"}${JSON.stringify({
      url: link.url,
      title: link.title,
      notes: link.notes,
      categories: link.categories,
      createdAt: link.createdAt.toISOString(),
      readAt: link.readAt?.toISOString() ?? null,
      archivedAt: link.archivedAt?.toISOString() ?? null,
      remindOn: link.remindOn ? dayKey(link.remindOn) : null,
      favoritedAt: link.favoritedAt?.toISOString() ?? null,
      highlights: link.highlights.map(highlightJson),
    })}`,
  tail: "\n]}\n",
};

const csv: ExportWriter = {
  contentType: "text/csv; charset=utf-8",
  extension: "csv",
  head: () => csvRow(LINKSTASH_CSV_COLUMNS),
  link: (link) =>
    csvRow(
      [
        link.url,
        link.title ?? "",
        link.notes ?? "",
        joinNames(link.categories, "|"),
        link.createdAt.toISOString(),
        link.readAt?.toISOString() ?? "",
        link.archivedAt?.toISOString() ?? "",
        link.remindOn ? dayKey(link.remindOn) : "",
        link.favoritedAt?.toISOString() ?? "",
      ].map(spreadsheetSafe),
    ),
  tail: "",
};

const html: ExportWriter = {
  contentType: "text/html; charset=utf-8",
  extension: "html",
  head: () =>
    [
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
      "<TITLE>LinkStash</TITLE>",
      "<H1>LinkStash</H1>",
      "<DL><p>",
      "",
    ].join("\n"),
  link: (link) => {
    const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
    // TOREAD as Pinboard and linkding write it (1: still to read); LAST_VISIT, Netscape's own
    // attribute, keeps when a read link was read.
    const state = link.readAt ? `LAST_VISIT="${seconds(link.readAt)}" TOREAD="0"` : 'TOREAD="1"';
    // ARCHIVED and FAVORITED (seconds) and REMIND_ON (a day) are LinkStash's own; other readers ignore them.
    const archived = link.archivedAt ? ` ARCHIVED="${seconds(link.archivedAt)}"` : "";
    const remind = link.remindOn ? ` REMIND_ON="${dayKey(link.remindOn)}"` : "";
    const favorited = link.favoritedAt ? ` FAVORITED="${seconds(link.favoritedAt)}"` : "";
    const tags = encodeEntities(joinNames(link.categories, ","));
    // An untitled link shows its address, as an empty text leaves nothing to click in a browser;
    // UNTITLED tells the import it had no title, so a round trip keeps it untitled.
    const untitled = link.title === null ? ' UNTITLED="1"' : "";
    const title = encodeEntities(link.title ?? link.url);
    const notes = link.notes ? `\n    <DD>${encodeEntities(link.notes)}` : "";
    return `    <DT><A HREF="${encodeEntities(link.url)}" ADD_DATE="${seconds(link.createdAt)}" ${state}${archived}${remind}${favorited}${untitled} TAGS="${tags}">${title}</A>${notes}\n`;
  },
  tail: "</DL><p>\n",
};

const markdown: ExportWriter = {
  contentType: "text/markdown; charset=utf-8",
  extension: "md",
  head: markdownHead,
  link: (link) => markdownLink(link, link.highlights),
  tail: "",
};

export const EXPORT_WRITERS: Record<ExportFormat, ExportWriter> = { json, csv, html, markdown };

/** "linkstash-2026-11-22.csv": the date of the export in the user's time zone. */
export function exportFileName(format: ExportFormat, dateKey: string): string {
  return `linkstash-${dateKey}.${EXPORT_WRITERS[format].extension}`;
}
