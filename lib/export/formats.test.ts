import { describe, expect, it } from "vitest";
import { EXPORT_WRITERS, exportFileName, isExportFormat, type ExportedLink } from "@/lib/export/formats";
import { parseCsv } from "@/lib/import/csv";
import { linkstashCsvMapper, parseLinkstashJson } from "@/lib/import/linkstash";
import { parseNetscape } from "@/lib/import/netscape";

const links: ExportedLink[] = [
  { url: "https://example.com/a?x=1&y=2", title: 'Quotes "and", commas', notes: "Line one\nline <two> & more", categories: ["News", "Ünïcödé"], createdAt: new Date("2024-03-04T05:06:07.000Z"), readAt: null },
  { url: "https://example.org/", title: null, notes: null, categories: ["Uncategorized"], createdAt: new Date("2023-01-01T00:00:00.000Z"), readAt: new Date("2023-02-01T00:00:00.000Z") },
];

function write(format: "json" | "csv" | "html"): string {
  const writer = EXPORT_WRITERS[format];
  return writer.head(new Date("2026-11-22T00:00:00Z")) + links.map((link, i) => writer.link(link, i)).join("") + writer.tail;
}

describe("the export formats", () => {
  it("writes JSON that reads back exactly", () => {
    const records = parseLinkstashJson(write("json"));
    expect(records?.map(({ url, title, notes, tags, createdAt, readAt }) => ({ url, title, notes, categories: tags, createdAt, readAt }))).toEqual(links);
  });

  it("writes CSV that reads back exactly", () => {
    const [header, ...rows] = parseCsv(write("csv"));
    if (!header) throw new Error("no header");
    const map = linkstashCsvMapper(header.fields);
    expect(rows.map(map).map(({ url, title, notes, tags, createdAt, readAt }) => ({ url, title, notes, categories: tags, createdAt, readAt }))).toEqual(links);
  });

  it("writes a bookmark file with ADD_DATE, TAGS and notes, escaped", () => {
    const html = write("html");
    expect(html).toContain('<DT><A HREF="https://example.com/a?x=1&amp;y=2" ADD_DATE="1709528767" TAGS="News,Ünïcödé">Quotes &quot;and&quot;, commas</A>');
    const records = parseNetscape(html);
    expect(records.map(({ url, notes, tags }) => ({ url, notes, tags }))).toEqual([
      { url: links[0]?.url, notes: "Line one\nline <two> & more", tags: ["News", "Ünïcödé"] },
      { url: "https://example.org/", notes: null, tags: ["Uncategorized"] },
    ]);
  });

  it("names the file by the date and knows its formats", () => {
    expect(exportFileName("csv", "2026-11-22")).toBe("linkstash-2026-11-22.csv");
    expect(isExportFormat("html")).toBe(true);
    expect(isExportFormat("xml")).toBe(false);
    expect(isExportFormat(null)).toBe(false);
  });
});
