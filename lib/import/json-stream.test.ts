import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ImportFileError, ImportLimitError } from "@/lib/import/errors";
import { IMPORT_LIMITS } from "@/lib/import/limits";
import { createJsonEntryReader, NOT_A_LINKSTASH_EXPORT, type JsonValue } from "@/lib/import/json-stream";

/** Every entry of `text` fed in chunks of `size`. */
function entries(text: string, size = text.length, limits = IMPORT_LIMITS): JsonValue[] {
  const reader = createJsonEntryReader(limits);
  const out: JsonValue[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...reader.push(text.slice(i, i + size)));
  out.push(...reader.end());
  return out;
}

const EXPORT = JSON.stringify(
  {
    format: "linkstash",
    version: 1,
    exportedAt: "2026-11-22T00:00:00.000Z",
    links: [
      {
        url: 'https://a.example/?q="x"&y=\\',
        title: "Ünïcödé 🎉 \u0001",
        categories: ["News", "日本語"],
        readAt: null,
      },
      { url: "https://b.example", notes: "line\nbreak\ttab", n: -1.5e3, ok: true, nested: { deep: [1, [2, {}]] } },
      42,
      "text",
    ],
    after: { ignored: ["x"] },
  },
  null,
  1,
);

describe("the streaming JSON reader", () => {
  it("hands over the entries of the links array, whatever the chunk boundaries", () => {
    const expected: unknown = JSON.parse(EXPORT).links;
    for (const size of [1, 2, 3, 7, 64, EXPORT.length]) expect(entries(EXPORT, size)).toEqual(expected);
  });

  it("reads a bare array as the links, and escapes split across chunks", () => {
    const text = '[{"title":"\\ud83c\\udf89 \\u00fc \\"q\\" \\\\ \\/"}]';
    for (const size of [1, 4]) expect(entries(text, size)).toEqual([{ title: '🎉 ü "q" \\ /' }]);
  });

  it("gives what JSON.parse gives for any entries", () => {
    const value = fc.jsonValue({ maxDepth: 4 }).filter((v) => !JSON.stringify(v).includes('"__proto__"'));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 5 }), fc.integer({ min: 1, max: 50 }), (links, size) => {
        const text = JSON.stringify({ links });
        expect(entries(text, size)).toEqual(JSON.parse(text).links);
      }),
      { numRuns: 300, seed: 14 },
    );
  });

  it("refuses JSON that is not a LinkStash export", () => {
    for (const text of [
      '{"other":true}',
      '{"links":{"a":1}}',
      '{"links":"x"}',
      "{broken",
      '{"links":[]} x',
      '{"links":[1,]}',
    ])
      expect(() => entries(text), text).toThrow(ImportFileError);
    expect(() => entries('{"other":true}')).toThrow(NOT_A_LINKSTASH_EXPORT);
    expect(() => entries('{"links":[1,\n2,]}')).toThrow(`${NOT_A_LINKSTASH_EXPORT} It is not valid JSON at line 2.`);
    expect(() => entries('{"links":[1')).toThrow(ImportFileError);
  });

  it("stops at nesting deeper than the limit, after handing over the entries before", () => {
    const reader = createJsonEntryReader({ ...IMPORT_LIMITS, maxJsonDepth: 4 });
    expect(reader.push('{"links":[{"a":[1]},{"a":[[')).toEqual([{ a: [1] }]);
    expect(() => reader.push("]]}]}")).toThrow(
      "The JSON file nests more than 4 levels deep (line 1); that is the limit.",
    );
    const deep = createJsonEntryReader();
    expect(() => deep.push("[".repeat(100_000))).toThrow(ImportLimitError);
  });

  it("stops at a string or number longer than the field limit, and at an entry longer than the entry limit", () => {
    const limits = { ...IMPORT_LIMITS, maxFieldChars: 10, maxJsonEntryChars: 40 };
    expect(() => entries(`{"links":[{"title":"${"x".repeat(11)}"}]}`, 3, limits)).toThrow(
      /^The value at line 1 is longer than 10 bytes/,
    );
    expect(() => entries(`{"exportedAt":"${"x".repeat(11)}","links":[]}`, 5, limits)).toThrow(ImportLimitError);
    expect(() => entries(`{"links":[${"1".repeat(11)}]}`, 5, limits)).toThrow(/longer than 10 bytes/);
    const many = JSON.stringify({ links: [{ a: "ok" }, { a: "12345678", b: "12345678", c: "12345678" }] });
    expect(() => entries(many, 4, limits)).toThrow(
      "Link 2 of the JSON file is longer than 40 bytes; that is the limit for one link.",
    );
  });

  it("reads a 63 MB single string to the 1 MB limit only", () => {
    const reader = createJsonEntryReader();
    reader.push('{"links":[{"notes":"');
    const chunk = "n".repeat(64 * 1024);
    let thrown: unknown = null;
    for (let i = 0; i < 1008 && thrown === null; i += 1) {
      try {
        reader.push(chunk);
      } catch (error) {
        thrown = error;
      }
    }
    expect(thrown).toMatchObject({
      status: 422,
      message: expect.stringMatching(/^Link 1 of the JSON file is longer than 1 MB/),
    });
  });
});
