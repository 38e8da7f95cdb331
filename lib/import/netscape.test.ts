import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createNetscapeReader, parseNetscape } from "@/lib/import/netscape";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/import", name), "utf8");

describe("the Netscape bookmark reader", () => {
  it("reads links, dates, tags, descriptions and folders of a browser export", () => {
    const records = parseNetscape(fixture("bookmarks.html"));
    expect(records.map((record) => record.url)).toEqual([
      "https://developer.mozilla.org/en-US/docs/Web/HTML",
      "https://example.com/recipes/crème-brûlée",
      "https://raindrop.io/example",
      "ftp://files.example.com/archive.zip",
      "https://example.org/no-date",
    ]);
    const [mdn, recipe, raindrop, , undated] = records;
    // "Bookmarks bar" only says where the link sat, so it is no tag.
    expect(mdn).toMatchObject({ title: "HTML & the Web — MDN", tags: [], createdAt: new Date(1600000100 * 1000), notes: null });
    expect(recipe).toMatchObject({ title: "Crème brûlée, the easy way", tags: ["dessert", "french", "Recipes"], notes: "Grandma's version, with <less> sugar" });
    expect(raindrop?.tags).toEqual([]);
    expect(undated).toMatchObject({ createdAt: null, notes: "Saved from Linkwarden" });
  });

  it("reads Pocket's older ril_export.html with its time_added attributes", () => {
    const records = parseNetscape(fixture("ril_export.html"));
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({ url: "https://getpocket.com/explore/item/story", tags: ["longreads", "history"], createdAt: new Date(1500000000 * 1000) });
  });

  it("gives the same records whatever the chunk boundaries", () => {
    const text = fixture("bookmarks.html");
    const whole = parseNetscape(text);
    for (const size of [1, 5, 64]) {
      const reader = createNetscapeReader();
      const records = [];
      for (let i = 0; i < text.length; i += size) records.push(...reader.push(text.slice(i, i + size)));
      records.push(...reader.end());
      expect(records).toEqual(whole);
    }
  });

  it("numbers each link by the line its tag starts on", () => {
    const records = parseNetscape('<DL>\n<DT><A HREF="https://a.example">A</A>\n\n<DT><A HREF="https://b.example">B</A>\n</DL>');
    expect(records.map((record) => record.line)).toEqual([2, 4]);
  });
});
