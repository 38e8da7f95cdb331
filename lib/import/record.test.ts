import { describe, expect, it } from "vitest";
import {
  fromUnixSeconds,
  importedTitle,
  importedUrl,
  isPlausibleImportedTime,
  toLinkRow,
  type ImportRecord,
} from "@/lib/import/record";
import { normalizeUrl } from "@/lib/links/url";

const cap = new Date("2026-01-01T00:00:00Z");
const now = new Date("2026-01-02T12:00:00Z");
const record = (overrides: Partial<ImportRecord>): ImportRecord => ({
  line: 7,
  url: "https://example.com/a",
  title: null,
  notes: null,
  tags: [],
  createdAt: null,
  readAt: null,
  ...overrides,
});

describe("turning an imported record into a link row", () => {
  it("normalises the URL like saving does and reports an invalid one with its line", () => {
    const ok = toLinkRow(record({ url: " HTTPS://Example.com/Path " }), cap, now);
    expect(ok).toMatchObject({ ok: true, row: { url: "https://example.com/Path" } });
    expect(toLinkRow(record({ url: "javascript:alert(1)" }), cap, now)).toEqual({
      ok: false,
      line: 7,
      reason: "Please enter a valid website address: javascript:alert(1)",
    });
    expect(toLinkRow(record({ url: "" }), cap, now)).toEqual({ ok: false, line: 7, reason: "no URL" });
  });

  it("reads a URL by the add form's rule: a scheme-less address imports, a name such as Node.js is refused", () => {
    for (const url of ["Node.js", "file.txt"])
      expect(toLinkRow(record({ url }), cap, now)).toEqual({
        ok: false,
        line: 7,
        reason: `Please enter a valid website address: ${url}`,
      });
    for (const url of ["example.com/page", "Node.js", "//example.com/page", "file.txt"])
      expect(importedUrl(url)).toEqual(normalizeUrl(url));
    expect(toLinkRow(record({ url: "example.com/page" }), cap, now)).toMatchObject({
      ok: true,
      row: { url: "https://example.com/page" },
    });
    expect(importedUrl("http://node.js.example/")).toEqual({ ok: true, url: "http://node.js.example/" });
  });

  it("keeps a title equal to the link's address, and reads an empty or blank one as no title", () => {
    const url = "https://example.com/a";
    expect(toLinkRow(record({ url, title: url }), cap, now)).toMatchObject({ ok: true, row: { title: url } });
    expect(importedTitle("  Title  ")).toBe("Title");
    for (const blank of ["", "   ", null, undefined]) expect(importedTitle(blank)).toBeNull();
  });

  it("keeps at most three categories, built-ins in their own spelling, and the rest in the notes", () => {
    const result = toLinkRow(
      record({ tags: ["news", "News", " ", "python", "work", "later", "x".repeat(51)], notes: "My note" }),
      cap,
      now,
    );
    expect(result).toMatchObject({
      ok: true,
      row: {
        category: "News",
        categories: ["News", "python", "Work"],
        notes: `My note\n\nTags: later, ${"x".repeat(51)}`,
      },
    });
  });

  it("files a link without tags as Uncategorized", () => {
    expect(toLinkRow(record({}), cap, now)).toMatchObject({
      ok: true,
      row: { category: "Uncategorized", categories: ["Uncategorized"], notes: null },
    });
  });

  it("keeps an earlier save time and caps a later, missing or impossible one", () => {
    const early = new Date("2020-05-05T10:00:00Z");
    expect(toLinkRow(record({ createdAt: early }), cap, now)).toMatchObject({ row: { createdAt: early } });
    expect(toLinkRow(record({ createdAt: new Date("2030-01-01T00:00:00Z") }), cap, now)).toMatchObject({
      row: { createdAt: cap },
    });
    expect(toLinkRow(record({ createdAt: new Date(Number.NaN) }), cap, now)).toMatchObject({ row: { createdAt: cap } });
    expect(toLinkRow(record({}), cap, now)).toMatchObject({ row: { createdAt: cap } });
  });

  it("takes a time outside 1970 to a day after now as impossible: no save time, read at its save time", () => {
    const hostile = [
      "+200000-01-01T00:00:00Z",
      "-001000-01-01T00:00:00Z",
      "1969-12-31T23:59:59Z",
      "2026-01-03T12:00:01Z",
    ];
    for (const value of hostile) {
      const time = new Date(value);
      expect(Number.isNaN(time.getTime()), value).toBe(false);
      expect(isPlausibleImportedTime(time, now), value).toBe(false);
      expect(toLinkRow(record({ createdAt: time, readAt: time }), cap, now), value).toMatchObject({
        ok: true,
        row: { createdAt: cap, readAt: cap },
      });
    }
    expect(isPlausibleImportedTime(new Date(0), now)).toBe(true);
    expect(isPlausibleImportedTime(new Date("2026-01-03T12:00:00Z"), now)).toBe(true);
  });

  it("gives a highlight with an impossible time the link's save time, and keeps a plausible one", () => {
    const createdAt = new Date("2020-05-05T10:00:00Z");
    const highlight = (time: string) => ({
      quote: "q",
      prefix: "",
      suffix: "",
      start: null,
      end: null,
      note: null,
      color: "yellow" as const,
      createdAt: new Date(time),
    });
    const result = toLinkRow(
      record({ createdAt, highlights: [highlight("+200000-01-01T00:00:00Z"), highlight("2021-02-03T04:05:06Z")] }),
      cap,
      now,
    );
    expect(result.ok && result.row.highlights.map((h) => h.createdAt)).toEqual([
      createdAt,
      new Date("2021-02-03T04:05:06Z"),
    ]);
  });

  it("never marks a link read before it was saved", () => {
    const createdAt = new Date("2020-05-05T10:00:00Z");
    expect(toLinkRow(record({ createdAt, readAt: new Date(0) }), cap, now)).toMatchObject({
      row: { readAt: createdAt },
    });
  });

  it("cleans text the database cannot store and truncates what is too long", () => {
    const result = toLinkRow(record({ title: `a\u0000b\ud800${"t".repeat(600)}`, notes: "n".repeat(6000) }), cap, now);
    if (!result.ok) throw new Error("expected a row");
    expect(result.row.title?.startsWith("ab\ufffd")).toBe(true);
    expect(result.row.title).toHaveLength(500);
    expect(result.row.notes).toHaveLength(5000);
  });

  it("never cuts an emoji in half where it truncates", () => {
    // "Tags: " then emoji (two UTF-16 units each): the cut at 4,999 units falls inside one.
    for (const shift of [0, 1]) {
      const tags = ["a", "b", "c", `${"x".repeat(shift)}${"😀".repeat(3000)}`];
      const result = toLinkRow(record({ tags }), cap, now);
      if (!result.ok) throw new Error("expected a row");
      const notes = result.row.notes ?? "";
      expect(notes.isWellFormed()).toBe(true);
      expect(notes.endsWith("…")).toBe(true);
      expect(notes.length).toBeLessThanOrEqual(5000);
    }
  });
});

describe("unix seconds", () => {
  it("reads plausible times and refuses the rest", () => {
    expect(fromUnixSeconds("1609459200")).toEqual(new Date("2021-01-01T00:00:00Z"));
    expect(fromUnixSeconds(" 1609459200 ")).toEqual(new Date("2021-01-01T00:00:00Z"));
    for (const bad of [undefined, "", "0", "-5", "12.5", "abc", "999999999999"])
      expect(fromUnixSeconds(bad)).toBeNull();
  });
});
