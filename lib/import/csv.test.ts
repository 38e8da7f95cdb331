import { describe, expect, it } from "vitest";
import { createCsvTokenizer, csvRow, parseCsv } from "@/lib/import/csv";

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
    expect(fields("\ufeffa,b\n\nc,d\re,f\r\n")).toEqual([["a", "b"], ["c", "d"], ["e", "f"]]);
  });

  it("gives the same records whatever the chunk boundaries", () => {
    const text = '\ufefftitle,url\r\n"A, ""quoted""\r\ntitle",https://example.com\r\nÜnïcödé 🎉,https://example.org\r\n"",""';
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

  it("writes rows it reads back unchanged", () => {
    const values = ["plain", "a, comma", 'a "quote"', "two\nlines", " padded ", ""];
    expect(fields(csvRow(values))).toEqual([values]);
  });
});
