import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/import/csv";
import { instapaperMapper } from "@/lib/import/instapaper";
import { linkstashCsvMapper } from "@/lib/import/linkstash";
import { parseNetscape } from "@/lib/import/netscape";
import { pocketMapper, type CsvMapper } from "@/lib/import/pocket";
import { toLinkRow } from "@/lib/import/record";

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/import", name), "utf8");

function read(name: string, mapper: (header: readonly string[]) => CsvMapper) {
  const [header, ...rows] = parseCsv(fixture(name));
  if (!header) throw new Error("no header");
  return rows.map(mapper(header.fields));
}

const cap = new Date("2026-01-01T00:00:00Z");
const now = new Date("2026-01-02T12:00:00Z");

describe("the CSV readers", () => {
  it("read Pocket's CSV: a title equal to its address kept, archive as read, a bare name in the URL column refused", () => {
    const rows = read("pocket-fidelity.csv", pocketMapper).map((record) => toLinkRow(record, cap, now));
    expect(rows).toEqual([
      expect.objectContaining({
        row: expect.objectContaining({
          url: "https://example.test/untitled-in-pocket-csv",
          title: "https://example.test/untitled-in-pocket-csv",
          readAt: null,
        }),
      }),
      expect.objectContaining({
        row: expect.objectContaining({ title: "Read in Pocket", readAt: new Date(1600000100 * 1000) }),
      }),
      { ok: false, line: 4, reason: "Please enter a valid website address: Node.js" },
      expect.objectContaining({ row: expect.objectContaining({ title: "WebHome < ProjetSEG < Foswiki" }) }),
    ]);
  });

  it("read Instapaper's CSV the same way", () => {
    const rows = read("instapaper-fidelity.csv", instapaperMapper).map((record) => toLinkRow(record, cap, now));
    expect(rows).toEqual([
      expect.objectContaining({
        row: expect.objectContaining({
          title: "https://example.test/untitled-in-instapaper",
          readAt: null,
          favoritedAt: null,
        }),
      }),
      expect.objectContaining({
        row: expect.objectContaining({ title: "Read in Instapaper", readAt: new Date(1600000100 * 1000) }),
      }),
      { ok: false, line: 4, reason: "Please enter a valid website address: Node.js" },
    ]);
  });

  it("give a title equal to its address the same as the bookmark reader does", () => {
    const [csv] = read("pocket-fidelity.csv", pocketMapper);
    const [html] = parseNetscape(
      '<DL><DT><A HREF="https://example.test/untitled-in-pocket-csv">https://example.test/untitled-in-pocket-csv</A></DL>',
    );
    expect(csv?.title).toBe("https://example.test/untitled-in-pocket-csv");
    expect(html?.title).toBe(csv?.title);
  });

  it("read LinkStash's own CSV back with a | inside a category name", () => {
    const records = read("linkstash-export.csv", linkstashCsvMapper);
    expect(records.map(({ title, tags, readAt }) => ({ title, tags, readAt }))).toEqual([
      { title: "Read and filed", tags: ["Later, maybe", "News"], readAt: new Date(1700086400 * 1000) },
      {
        title: "https://example.test/titled-with-its-address",
        tags: ["a|b", "100% sure"],
        readAt: null,
      },
      { title: null, tags: ["Uncategorized"], readAt: null },
    ]);
  });
});
