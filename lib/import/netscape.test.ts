import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createNetscapeReader, parseNetscape } from "@/lib/import/netscape";

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/import", name), "utf8");

describe("the Netscape bookmark reader", () => {
  it("reads links, dates, tags, descriptions and folders of a browser export", () => {
    const records = parseNetscape(fixture("bookmarks.html"));
    expect(records.map((record) => record.url)).toEqual([
      "https://developer.mozilla.test/en-US/docs/Web/HTML",
      "https://example.test/recipes/crème-brûlée",
      "https://raindrop.test/example",
      "ftp://files.example.test/archive.zip",
      "https://sample.test/no-date",
    ]);
    const [mdn, recipe, raindrop, , undated] = records;
    // "Bookmarks bar" only says where the link sat, so it is no tag.
    expect(mdn).toMatchObject({
      title: "HTML & the Web — MDN",
      tags: [],
      createdAt: new Date(1600000100 * 1000),
      notes: null,
    });
    expect(recipe).toMatchObject({
      title: "Crème brûlée, the easy way",
      tags: ["dessert", "french", "Recipes"],
      notes: "Grandma's version, with <less> sugar",
    });
    expect(raindrop?.tags).toEqual([]);
    expect(undated).toMatchObject({ createdAt: null, notes: "Saved from Linkwarden" });
  });

  it("reads Pocket's older ril_export.html with its time_added attributes", () => {
    const records = parseNetscape(fixture("ril_export.html"));
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      url: "https://getpocket.test/explore/item/story",
      tags: ["longreads", "history"],
      createdAt: new Date(1500000000 * 1000),
    });
  });

  it("marks the links of Pocket's Read Archive section as read, and leaves Unread unread", () => {
    const records = parseNetscape(fixture("ril_export.html"));
    expect(records.map((record) => [record.url, record.readAt])).toEqual([
      ["https://getpocket.test/explore/item/story", null],
      ["https://example.test/pocket-old", null],
      ["https://example.test/archived", new Date(1500000200 * 1000)],
    ]);
  });

  it("knows a browser's own folders by their marker, in any language, and reads untitled links as untitled", () => {
    const records = parseNetscape(fixture("chromium-bookmarks.html"));
    expect(records.map(({ url, title, tags }) => ({ url, title, tags }))).toEqual([
      { url: "https://example.test/on-the-toolbar", title: "On the toolbar", tags: [] },
      { url: "https://example.test/untitled", title: null, tags: [] },
      { url: "https://food.example/pasta", title: "Pasta", tags: ["Recipes"] },
      { url: "https://example.test/elsewhere", title: "Elsewhere", tags: [] },
    ]);
  });

  it("keeps a title equal to the link's address, as the Pocket CSV reader does", () => {
    const [spaced] = parseNetscape(fixture("pocket-ril-export-spaces.html"));
    expect(spaced).toMatchObject({
      url: "https://example.test/a page with spaces",
      title: "https://example.test/a page with spaces",
    });
    const pocket = parseNetscape(fixture("pocket-ril-export-fidelity.html"));
    expect(pocket[1]).toMatchObject({
      url: "https://example.test/untitled-in-pocket",
      title: "https://example.test/untitled-in-pocket",
    });
  });

  it("reads a literal < in a link's text as text, as a browser does (Pocket writes titles unescaped)", () => {
    const records = parseNetscape(fixture("pocket-ril-export-fidelity.html"));
    expect(records.map(({ url, title, tags }) => ({ url, title, tags }))).toEqual([
      { url: "https://wiki.example/Main/WebHome", title: "WebHome < ProjetSEG < Foswiki", tags: ["wiki"] },
      {
        url: "https://example.test/untitled-in-pocket",
        title: "https://example.test/untitled-in-pocket",
        tags: [],
      },
      { url: "https://example.test/hearts", title: "I <3 bookmarks", tags: [] },
      { url: "https://example.test/read-in-pocket", title: "Read in Pocket", tags: ["done", "longreads"] },
    ]);
    // Still a tag where a browser sees one: a letter, "/" or "!" after the "<".
    expect(parseNetscape('<DL><DT><A HREF="https://a.example">a <b>bold</b> move</A></DL>')[0]?.title).toBe(
      "a bold move",
    );
  });

  it("reads TOREAD as Pinboard and linkding write it: 0 is read, 1 and no attribute are unread", () => {
    const records = parseNetscape(fixture("linkding-bookmarks.html"));
    expect(records.map(({ url, title, readAt }) => ({ url, title, readAt }))).toEqual([
      { url: "https://example.test/still-to-read", title: "Still to read", readAt: null },
      // linkding keeps no time of reading: the save time stands in for it.
      { url: "https://example.test/already-read", title: "Already read", readAt: new Date(1650000100 * 1000) },
      {
        url: "https://example.test/titled-with-its-address",
        title: "https://example.test/titled-with-its-address",
        readAt: null,
      },
    ]);
    expect(parseNetscape(fixture("chromium-bookmarks.html")).every((record) => record.readAt === null)).toBe(true);
  });

  it("reads LinkStash's own export back whole: read time from LAST_VISIT, categories with a comma, titles", () => {
    const records = parseNetscape(fixture("linkstash-export.html"));
    expect(
      records.map(({ url, title, notes, tags, createdAt, readAt }) => ({ url, title, notes, tags, createdAt, readAt })),
    ).toEqual([
      {
        url: "https://example.test/read",
        title: "Read and filed",
        notes: null,
        tags: ["Later, maybe", "News"],
        createdAt: new Date(1700000000 * 1000),
        readAt: new Date(1700086400 * 1000),
      },
      {
        url: "https://example.test/titled-with-its-address",
        title: "https://example.test/titled-with-its-address",
        notes: null,
        tags: ["a|b", "100% sure"],
        createdAt: new Date(1699990000 * 1000),
        readAt: null,
      },
      {
        url: "https://example.test/untitled",
        title: null,
        notes: "A note",
        tags: ["Uncategorized"],
        createdAt: new Date(1699980000 * 1000),
        readAt: null,
      },
    ]);
  });

  it("gives the same records whatever the chunk boundaries", () => {
    for (const name of [
      "bookmarks.html",
      "ril_export.html",
      "chromium-bookmarks.html",
      "pocket-ril-export-fidelity.html",
      "linkstash-export.html",
    ]) {
      const text = fixture(name);
      const whole = parseNetscape(text);
      for (const size of [1, 5, 64]) {
        const reader = createNetscapeReader();
        const records = [];
        for (let i = 0; i < text.length; i += size) records.push(...reader.push(text.slice(i, i + size)));
        records.push(...reader.end());
        expect(records).toEqual(whole);
      }
    }
  });

  it("reads on past a title with an unescaped raw-text tag, where an HTML parser would read the rest as its text", () => {
    const records = parseNetscape(
      [
        '<DL><p>\n<DT><A HREF="https://a.example/1">Why <script> blocks rendering</A>',
        '<DT><A HREF="https://a.example/2">Tips for <textarea> and <style> fields</A>',
        '<DT><A HREF="https://a.example/3">Third</A>\n</DL>',
      ].join("\n"),
    );
    expect(records.map((record) => record.url)).toEqual([
      "https://a.example/1",
      "https://a.example/2",
      "https://a.example/3",
    ]);
    expect(records[2]?.title).toBe("Third");
  });

  it("numbers each link by the line its tag starts on", () => {
    const records = parseNetscape(
      '<DL>\n<DT><A HREF="https://a.example">A</A>\n\n<DT><A HREF="https://b.example">B</A>\n</DL>',
    );
    expect(records.map((record) => record.line)).toEqual([2, 4]);
  });
});

describe("the Netscape bookmark reader's limits", () => {
  const limits = { maxFieldChars: 100, maxFolderDepth: 3 };
  const bookmark = (n: number) => `<DT><A HREF="https://example.com/${n}">Link ${n}</A>\n`;

  it("refuses folders nested deeper than the limit, after handing over the bookmarks before", () => {
    const reader = createNetscapeReader(limits);
    const text = `<DL><p>\n${bookmark(1)}<DT><H3>a</H3>\n<DL><p>\n${bookmark(2)}<DT><H3>b</H3>\n<DL><p>\n<DT><H3>c</H3>\n<DL><p>\n${bookmark(3)}`;
    expect(reader.push(text).map((record) => record.url)).toEqual(["https://example.com/1", "https://example.com/2"]);
    expect(() => reader.end()).toThrow("Bookmark folders are nested more than 3 deep (line 9); that is the limit.");
  });

  it("refuses a 100,000-deep file at the default limit, before any bookmark", () => {
    const reader = createNetscapeReader();
    expect(() => reader.push("<DL><p><DT><H3>f</H3>\n".repeat(100_000))).toThrow(
      /nested more than 100 deep \(line 101\)/,
    );
    expect(() => reader.end()).toThrow(/nested more than 100 deep/);
  });

  it("refuses a tag or a text longer than the limit", () => {
    const tag = createNetscapeReader(limits);
    tag.push(`<DL>${bookmark(1)}<A HREF="${"x".repeat(60)}`);
    expect(() => tag.push("y".repeat(60))).toThrow(/^The tag at line 2 is longer than 100 bytes/);

    const title = createNetscapeReader(limits);
    expect(title.push(`<DL>${bookmark(1)}<DT><A HREF="https://a.example">${"t".repeat(150)}`)).toHaveLength(1);
    expect(() => title.end()).toThrow(/^The text at line 2 is longer than 100 bytes/);
  });

  it("scans a long unfinished tag once, however small the chunks", () => {
    const reader = createNetscapeReader({ maxFieldChars: 1_000_000, maxFolderDepth: 100 });
    reader.push('<DL><DT><A HREF="https://a.example" ICON="data:image/png;base64,');
    for (let i = 0; i < 20_000; i += 1) reader.push("QUJD");
    expect(reader.push('">A</A>')).toEqual([]);
    expect(reader.end().map((record) => record.title)).toEqual(["A"]);
  });
});
