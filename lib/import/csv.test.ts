import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCsvTokenizer, csvRow, parseCsv } from "@/lib/import/csv";
import { ImportLimitError } from "@/lib/import/errors";

const fields = (text: string) => parseCsv(text).map((record) => record.fields);

describe("the CSV tokenizer", () => {
  it("reads quoted commas, doubled quotes and empty fields", () => {
    expect(fields('a,"b, c","say ""hi""",\r\n')).toEqual([["a", "b, c", 'say "hi"', ""]]);
  });

  it("keeps line breaks inside quotes and numbers records by their first line", () => {
    const records = parseCsv('h1,h2\r\n"multi\r\nline",x\r\nlast,y');
    expect(records).toEqual([
      { line: 1, fields: ["h1", "h2"] },
      { line: 2, fields: ["multi\r\nline", "x"] },
      { line: 4, fields: ["last", "y"] },
    ]);
  });

  it("drops a byte-order mark and blank lines, and reads LF, CRLF and CR line ends", () => {
    expect(fields("\ufeffa,b\n\nc,d\re,f\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ]);
  });

  it("ends the record at a line break after a quoted field that ends in CR", () => {
    expect(parseCsv('"a\r"\nb,c\n"d\r""\n",e\n')).toEqual([
      { line: 1, fields: ["a\r"] },
      { line: 3, fields: ["b", "c"] },
      { line: 4, fields: ['d\r"\n', "e"] },
    ]);
  });

  it("gives the same records whatever the chunk boundaries", () => {
    const text =
      '\ufefftitle,url\r\n"A, ""quoted""\r\ntitle",https://example.com\r\nÜnïcödé 🎉,https://example.org\r\n"",""';
    const whole = parseCsv(text);
    for (const size of [1, 2, 3, 7]) {
      const tokenizer = createCsvTokenizer();
      const records = [];
      for (let i = 0; i < text.length; i += size) records.push(...tokenizer.push(text.slice(i, i + size)));
      records.push(...tokenizer.end());
      expect(records).toEqual(whole);
    }
    expect(whole.at(-1)?.fields).toEqual(["", ""]);
  });

  it("gives the same records for any text, however it is cut", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "é", ",", '"', "\r", "\n", " "), maxLength: 60 });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 9 }), (value, size) => {
        const tokenizer = createCsvTokenizer();
        const records = [];
        for (let i = 0; i < value.length; i += size) records.push(...tokenizer.push(value.slice(i, i + size)));
        records.push(...tokenizer.end());
        expect(records).toEqual(parseCsv(value));
      }),
      { numRuns: 1000, seed: 14 },
    );
  });

  it("writes rows it reads back unchanged", () => {
    const values = ["plain", "a, comma", 'a "quote"', "two\nlines", " padded ", ""];
    expect(fields(csvRow(values))).toEqual([values]);
  });

  it("stops at a row longer than the limit: the rows before it come out first, then the error names the line", () => {
    const tokenizer = createCsvTokenizer({ maxFieldChars: 20 });
    expect(tokenizer.push('a,b\nshort,row\n"an open quote')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["short", "row"] },
    ]);
    expect(() => tokenizer.push(" that never closes, and goes on and on")).toThrow(ImportLimitError);
    expect(() => tokenizer.end()).toThrow(
      "Line 3 is longer than 20 bytes (the limit for one field or row); is a quote or tag left open?",
    );
  });

  it("holds a 63 MB field to the 1 MB limit, read in 64 KB chunks", () => {
    const tokenizer = createCsvTokenizer();
    const chunk = "x".repeat(64 * 1024);
    tokenizer.push('title,url\n"');
    let thrown: unknown = null;
    for (let i = 0; i < 1008 && thrown === null; i += 1) {
      try {
        tokenizer.push(chunk);
      } catch (error) {
        thrown = error;
      }
    }
    expect(thrown).toBeInstanceOf(ImportLimitError);
    expect(thrown).toMatchObject({ status: 422, message: expect.stringMatching(/^Line 2 is longer than 1 MB/) });
  });
});
