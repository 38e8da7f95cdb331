import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXPORT_WRITERS, exportFileName, isExportFormat, type ExportedLink } from "@/lib/export/formats";
import { parseCsv } from "@/lib/import/csv";
import { linkstashCsvMapper, parseLinkstashJson } from "@/lib/import/linkstash";
import { parseNetscape } from "@/lib/import/netscape";
import type { ImportRecord } from "@/lib/import/record";

const links: ExportedLink[] = [
  {
    url: "https://example.com/a?x=1&y=2",
    title: 'Quotes "and", commas',
    notes: "Line one\nline <two> & more",
    categories: ["News", "Ünïcödé"],
    createdAt: new Date("2024-03-04T05:06:07.000Z"),
    readAt: null,
    archivedAt: null,
    remindOn: null,
    favoritedAt: new Date("2024-03-07T08:09:10.000Z"),
    highlights: [
      {
        quote: "line <two>",
        prefix: "Line one\n",
        suffix: " & more",
        start: 9,
        end: 19,
        note: "A note on it",
        color: "pink",
        createdAt: new Date("2024-03-05T00:00:00.000Z"),
      },
      {
        quote: "Quotes",
        prefix: "",
        suffix: "",
        start: null,
        end: null,
        note: null,
        color: "yellow",
        createdAt: new Date("2024-03-06T00:00:00.000Z"),
      },
    ],
  },
  {
    url: "https://example.org/",
    title: null,
    notes: null,
    categories: ["Uncategorized"],
    createdAt: new Date("2023-01-01T00:00:00.000Z"),
    readAt: new Date("2023-02-01T00:00:00.000Z"),
    archivedAt: null,
    remindOn: null,
    favoritedAt: null,
    highlights: [],
  },
];

function write(format: "json" | "csv" | "html" | "markdown", written: readonly ExportedLink[] = links): string {
  const writer = EXPORT_WRITERS[format];
  return (
    writer.head(new Date("2026-11-22T00:00:00Z")) +
    written.map((link, i) => writer.link(link, i)).join("") +
    writer.tail
  );
}

/** A record read back, in the shape the exporter was given. */
const asExportedLink = ({
  url,
  title,
  notes,
  tags,
  createdAt,
  readAt,
  archivedAt,
  remindOn,
  favoritedAt,
  highlights,
}: ImportRecord) => ({
  url,
  title,
  notes,
  categories: tags,
  createdAt,
  readAt,
  archivedAt: archivedAt ?? null,
  remindOn: remindOn ?? null,
  favoritedAt: favoritedAt ?? null,
  highlights: highlights ?? [],
});

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/import", name), "utf8");

describe("the export formats", () => {
  it("writes JSON that reads back exactly", () => {
    const records = parseLinkstashJson(write("json"));
    expect(records?.map(asExportedLink)).toEqual(links);
  });

  it("writes the highlights alone as Markdown, skipping links without any", () => {
    expect(write("markdown")).toBe(
      [
        "# Highlights from LinkStash",
        "",
        "Exported 2026-11-22.",
        "",
        '## [Quotes "and", commas](<https://example.com/a?x=1&y=2>)',
        "",
        "> line &lt;two&gt;",
        "",
        "Note: A note on it",
        "",
        "> Quotes",
        "",
      ].join("\n"),
    );
  });

  it("writes CSV that reads back exactly", () => {
    const [header, ...rows] = parseCsv(write("csv"));
    if (!header) throw new Error("no header");
    const map = linkstashCsvMapper(header.fields);
    // The CSV is links only: highlights travel in the JSON.
    expect(rows.map(map).map(asExportedLink)).toEqual(links.map((link) => ({ ...link, highlights: [] })));
  });

  it("writes spreadsheet-safe CSV cells that read back exactly", () => {
    const hostile: ExportedLink = {
      url: "https://example.net/x",
      title: '=HYPERLINK("https://evil.example","Click")',
      notes: "@SUM(1+1)",
      categories: ["-draft", "+1"],
      createdAt: new Date("2024-01-01T00:00:00.000Z"),
      readAt: null,
      archivedAt: null,
      remindOn: null,
      favoritedAt: null,
      highlights: [],
    };
    const writer = EXPORT_WRITERS.csv;
    const row = writer.link(hostile, 0);
    expect(row).toBe(
      `https://example.net/x,"'=HYPERLINK(""https://evil.example"",""Click"")",'@SUM(1+1),'-draft|+1,2024-01-01T00:00:00.000Z,,,,\r\n`,
    );
    const [header, record] = parseCsv(writer.head(new Date()) + row);
    if (!header || !record) throw new Error("no rows");
    expect(linkstashCsvMapper(header.fields)(record)).toMatchObject({
      title: hostile.title,
      notes: hostile.notes,
      tags: hostile.categories,
    });
  });

  it("writes a bookmark file with ADD_DATE, read state, TAGS and notes, escaped, that reads back", () => {
    const html = write("html");
    expect(html).toContain(
      '<DT><A HREF="https://example.com/a?x=1&amp;y=2" ADD_DATE="1709528767" TOREAD="1" FAVORITED="1709798950" TAGS="News,Ünïcödé">Quotes &quot;and&quot;, commas</A>',
    );
    expect(html).toContain(
      '<DT><A HREF="https://example.org/" ADD_DATE="1672531200" LAST_VISIT="1675209600" TOREAD="0"',
    );
    const records = parseNetscape(html);
    // A link without a title comes back without one; the bookmark format keeps whole seconds.
    expect(records.map(({ url, title, notes, tags, readAt }) => ({ url, title, notes, tags, readAt }))).toEqual([
      {
        url: links[0]?.url,
        title: links[0]?.title,
        notes: "Line one\nline <two> & more",
        tags: ["News", "Ünïcödé"],
        readAt: null,
      },
      { url: "https://example.org/", title: null, notes: null, tags: ["Uncategorized"], readAt: links[1]?.readAt },
    ]);
  });

  it("writes LinkStash's bookmark and CSV files exactly as the fixtures hold them, and both read back whole", () => {
    const fidelity: ExportedLink[] = [
      {
        url: "https://example.test/read",
        title: "Read and filed",
        notes: null,
        categories: ["Later, maybe", "News"],
        createdAt: new Date(1700000000_000),
        readAt: new Date(1700086400_000),
        archivedAt: null,
        remindOn: null,
        favoritedAt: new Date(1700090400_000),
        highlights: [],
      },
      {
        url: "https://example.test/titled-with-its-address",
        title: "https://example.test/titled-with-its-address",
        notes: null,
        categories: ["a|b", "100% sure"],
        createdAt: new Date(1699990000_000),
        readAt: null,
        archivedAt: new Date(1700090000_000),
        remindOn: new Date("2023-12-01T00:00:00.000Z"),
        favoritedAt: null,
        highlights: [],
      },
      {
        url: "https://example.test/untitled",
        title: null,
        notes: "A note",
        categories: ["Uncategorized"],
        createdAt: new Date(1699980000_000),
        readAt: null,
        archivedAt: null,
        remindOn: null,
        favoritedAt: null,
        highlights: [],
      },
    ];
    const html = write("html", fidelity);
    const csv = write("csv", fidelity);
    expect(html).toBe(fixture("linkstash-export-states.html"));
    expect(csv).toBe(fixture("linkstash-export-states.csv"));
    const fromHtml = parseNetscape(html).map(asExportedLink);
    expect(fromHtml).toEqual(fidelity);
    const [header, ...rows] = parseCsv(csv);
    if (!header) throw new Error("no header");
    const fromCsv = rows.map(linkstashCsvMapper(header.fields)).map(asExportedLink);
    expect(fromCsv).toEqual(fidelity);
  });

  it("writes any titles, read state and category names that the bookmark and CSV readers give back exactly", () => {
    const text = (units: string[]) =>
      fc
        .string({ unit: fc.constantFrom(...units), minLength: 1, maxLength: 12 })
        .filter((value) => value.trim() === value);
    const special = ["a", "Z", " ", ",", "|", "%", "2", "5", "C", "7", "<", ">", "&", '"', "'", "é", "="];
    const seconds = fc.integer({ min: 1_000_000_000, max: 1_900_000_000 }).map((value) => new Date(value * 1000));
    const link = fc.record({
      path: text(["a", "b", "1"]),
      title: fc.option(text(special)),
      categories: fc.uniqueArray(text(special), { minLength: 1, maxLength: 3 }),
      createdAt: seconds,
      readAt: fc.option(seconds),
      archivedAt: fc.option(seconds),
      remindOn: fc.option(fc.integer({ min: 0, max: 20_000 }).map((days) => new Date(days * 86_400_000))),
      favoritedAt: fc.option(seconds),
      titleIsUrl: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(link, { maxLength: 5 }), (generated) => {
        const written: ExportedLink[] = generated.map((item, i) => {
          const url = `https://example.test/${i}/${item.path}`;
          return {
            url,
            title: item.titleIsUrl ? url : item.title,
            notes: null,
            categories: item.categories,
            createdAt: item.createdAt,
            readAt: item.readAt,
            archivedAt: item.archivedAt,
            remindOn: item.remindOn,
            favoritedAt: item.favoritedAt,
            highlights: [],
          };
        });
        // Neither format carries notes or highlights here: the links have none.
        const asWritten = (record: ImportRecord) => ({ ...asExportedLink(record), notes: null, highlights: [] });
        const fromHtml = parseNetscape(write("html", written)).map(asWritten);
        expect(fromHtml).toEqual(written);
        const [header, ...rows] = parseCsv(write("csv", written));
        if (!header) throw new Error("no header");
        const fromCsv = rows.map(linkstashCsvMapper(header.fields)).map(asWritten);
        expect(fromCsv).toEqual(written);
      }),
      { numRuns: 500, seed: 305 },
    );
  });

  it("names the file by the date and knows its formats", () => {
    expect(exportFileName("csv", "2026-11-22")).toBe("linkstash-2026-11-22.csv");
    expect(isExportFormat("html")).toBe(true);
    expect(isExportFormat("xml")).toBe(false);
    expect(isExportFormat(null)).toBe(false);
  });
});
