import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/import/csv";
import { detectKind } from "@/lib/import/detect";
import { parseLinkstashJson } from "@/lib/import/linkstash";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/import", name));

function kindOf(bytes: Buffer, fileName = "upload") {
  return detectKind(bytes, bytes.toString("utf8"), fileName);
}

describe("telling the export format", () => {
  it("knows every sample file by its content", () => {
    expect(kindOf(fixture("pocket-export.zip"))).toEqual({ kind: "zip" });
    expect(kindOf(fixture("pocket/part_000000.csv"))).toMatchObject({ kind: "csv", format: "pocket" });
    expect(kindOf(fixture("instapaper-export.csv"))).toMatchObject({ kind: "csv", format: "instapaper" });
    expect(kindOf(fixture("bookmarks.html"))).toEqual({ kind: "html" });
    expect(kindOf(fixture("ril_export.html"))).toEqual({ kind: "html" });
    expect(kindOf(Buffer.from('{"format":"linkstash","links":[]}'))).toEqual({ kind: "json" });
    expect(kindOf(Buffer.from("url,title,notes,categories,created_at,read_at\r\n"))).toMatchObject({
      kind: "csv",
      format: "linkstash-csv",
    });
  });

  it("refuses what is none of them, and uses the name only for HTML fragments", () => {
    expect(kindOf(Buffer.from("name,email\nAda,ada@example.com\n"))).toBeNull();
    expect(kindOf(Buffer.from("just some text"))).toBeNull();
    expect(kindOf(Buffer.from('  <DT><A HREF="https://example.com">x</A>'), "favs.htm")).toEqual({ kind: "html" });
  });

  it("knows a feed reader's OPML list by its <opml> element, and markup named .opml or .xml", () => {
    const opml = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/opml", name));
    for (const name of ["feeder/Flym_auto_backup.opml", "feeder/rssguard_2.opml", "netnewswire/Subs.opml"])
      expect(kindOf(opml(name))).toEqual({ kind: "opml" });
    expect(kindOf(Buffer.from('\ufeff<?xml version="1.0"?>\n<!-- list -->\n<OPML version="2.0">'))).toEqual({
      kind: "opml",
    });
    // Read as OPML, so the answer can say it is not one.
    expect(kindOf(Buffer.from('<?xml version="1.0"?><rss version="2.0">'), "feed.xml")).toEqual({ kind: "opml" });
    expect(kindOf(Buffer.from('<?xml version="1.0"?><rss version="2.0">'), "upload")).toBeNull();
  });
});

describe("the CSV flavours", () => {
  function mapped(name: string) {
    const [header, ...rows] = parseCsv(fixture(name).toString("utf8"));
    const kind = kindOf(fixture(name));
    if (!header || kind?.kind !== "csv") throw new Error(`${name} is not a known CSV`);
    const map = kind.mapper(header.fields);
    return rows.map(map);
  }

  it("reads Pocket rows: tags split on |, seconds, archive as read", () => {
    const [first, second, third] = mapped("pocket/part_000000.csv");
    expect(first).toMatchObject({
      line: 2,
      title: "Designing Data-Intensive Applications, Chapter 5",
      tags: ["databases", "distributed systems"],
      createdAt: new Date(1609459200 * 1000),
      readAt: null,
    });
    expect(second).toMatchObject({ title: "Café crème — a history ☕", readAt: new Date(1612137600 * 1000) });
    expect(third).toMatchObject({ title: 'He said "hello", then left', tags: [""] });
  });

  it("reads Instapaper rows: the selection as notes, JSON tags, folders", () => {
    const [first, second, third] = mapped("instapaper-export.csv");
    expect(first).toMatchObject({
      url: "https://www.nytimes.test/2020/01/01/world/story.html",
      title: "The World, Explained",
      tags: [],
      readAt: null,
    });
    expect(second).toMatchObject({
      notes: "A highlighted passage, with a comma",
      tags: ["reading", "ideas"],
      readAt: new Date(1580515200 * 1000),
    });
    expect(third?.tags).toEqual(["", "Research"]);
  });

  it("reads a LinkStash JSON export, numbering entries, and refuses other JSON", () => {
    const records = parseLinkstashJson(
      JSON.stringify({
        format: "linkstash",
        links: [{ url: "https://a.example", categories: ["News", 5], createdAt: "2020-01-01T00:00:00.000Z" }, 42],
      }),
    );
    expect(records).toEqual([
      {
        line: 1,
        url: "https://a.example",
        title: null,
        notes: null,
        tags: ["News"],
        createdAt: new Date("2020-01-01T00:00:00Z"),
        readAt: null,
      },
      { line: 2, url: "", title: null, notes: null, tags: [], createdAt: null, readAt: null },
    ]);
    expect(parseLinkstashJson('{"other":true}')).toBeNull();
    expect(parseLinkstashJson("{broken")).toBeNull();
  });
});
