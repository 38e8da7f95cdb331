import { describe, expect, it } from "vitest";
import {
  blocksOf,
  linesOf,
  meaningfulTitle,
  pdfArticle,
  pdfTitle,
  type PdfLine,
  type PdfTextItem,
  textItemOf,
  withoutRunningLines,
} from "@/lib/articles/pdf-text.mjs";

function item(str: string, x: number, y: number, size = 10, hasEOL = false): PdfTextItem {
  return { str, x, y, width: str.length * size * 0.5, size, hasEOL };
}

function line(text: string, y: number, size = 10): PdfLine {
  return { text, y, size };
}

describe("a PDF's text items", () => {
  it("reads pdf.js's item, and skips a marked-content marker", () => {
    expect(textItemOf({ str: "Hi", width: 10, transform: [12, 0, 0, 12, 72, 700], hasEOL: true })).toEqual({
      str: "Hi",
      x: 72,
      y: 700,
      width: 10,
      size: 12,
      hasEOL: true,
    });
    expect(textItemOf({ type: "beginMarkedContent" })).toBeNull();
  });

  it("joins the items of a line, with a space only where they stand apart", () => {
    const lines = linesOf([item("Andreas", 0, 700), item("Gal", 40, 700), item("∗", 55, 703, 7), item("x", 58.5, 700)]);
    expect(lines).toEqual([line("Andreas Gal∗x", 700)]);
  });

  it("starts a line where pdf.js saw one end, or where the baseline moves", () => {
    const lines = linesOf([
      item("first", 0, 700, 10, true),
      item("second", 0, 688),
      item("", 0, 688, 10, true),
      item("third", 0, 676),
      item("fourth", 100, 600),
    ]);
    expect(lines.map(({ text }) => text)).toEqual(["first", "second", "third", "fourth"]);
  });
});

describe("paragraphs from lines", () => {
  it("keeps lines a line-spacing apart together, and a larger gap starts a paragraph", () => {
    const blocks = blocksOf([line("One two", 700), line("three.", 688), line("Four", 650), line("five.", 638)]);
    expect(blocks).toEqual([
      { kind: "paragraph", text: "One two three." },
      { kind: "paragraph", text: "Four five." },
    ]);
  });

  it("joins a word cut by a hyphen, but not a hyphenated name before a capital", () => {
    const blocks = blocksOf([line("a dy-", 700), line("namic Just-in-", 688), line("Time compiler", 676)]);
    expect(blocks).toEqual([{ kind: "paragraph", text: "a dynamic Just-in- Time compiler" }]);
  });

  it("makes a line in a larger font a heading of its own", () => {
    const blocks = blocksOf([line("Introduction", 720, 14), line("Body text", 700), line("goes on.", 688)]);
    expect(blocks).toEqual([
      { kind: "heading", text: "Introduction" },
      { kind: "paragraph", text: "Body text goes on." },
    ]);
  });

  it("goes on with a paragraph in the next column (the baseline moves up)", () => {
    const blocks = blocksOf([line("end of the", 100), line("column.", 88), line("Top of the next", 700)]);
    expect(blocks).toEqual([{ kind: "paragraph", text: "end of the column. Top of the next" }]);
  });

  it("drops running headers and footers, and a page number alone", () => {
    const page = (n: number) => [line("Journal of Tests, vol. 3", 780), line(`Text ${n}`, 700), line(`${n}`, 40)];
    const kept = withoutRunningLines([page(1), page(2), page(3)]);
    expect(kept.map((lines) => lines.map(({ text }) => text))).toEqual([["Text 1"], ["Text 2"], ["Text 3"]]);
  });

  it("makes one section per page, headed by its number, its text escaped", () => {
    const { html, text } = pdfArticle([[line("a < b & c", 700)], [], [line("last", 700)]]);
    expect(html).toBe(
      "<section><h2>Page 1</h2><p>a &lt; b &amp; c</p></section>\n<section><h2>Page 3</h2><p>last</p></section>",
    );
    expect(text).toBe("a < b & c\n\nlast");
  });
});

describe("a PDF's title", () => {
  it("takes the metadata's when it says something", () => {
    expect(pdfTitle({ infoTitle: "On Trees", xmpTitle: "Other", firstPage: [] })).toBe("On Trees");
    expect(pdfTitle({ infoTitle: "paper_v2.pdf", xmpTitle: "From XMP", firstPage: [] })).toBe("From XMP");
    expect(meaningfulTitle("Microsoft Word - Annual report")).toBe("Annual report");
    for (const name of ["", "Untitled", "report.docx", "ms_1234", "12"]) expect(meaningfulTitle(name)).toBeNull();
  });

  it("else the first page's lines in its largest font, when larger than its body", () => {
    const firstPage = [
      line("Trace-based Just-in-Time", 700, 18),
      line("Languages", 680, 18),
      line("Andreas Gal", 640, 11),
      line("Dynamic languages such as JavaScript are more difficult to compile", 600),
      line("than statically typed ones.", 588),
    ];
    expect(pdfTitle({ infoTitle: null, xmpTitle: null, firstPage })).toBe("Trace-based Just-in-Time Languages");
  });

  it("else none: the link keeps its own", () => {
    expect(pdfTitle({ infoTitle: "", firstPage: [line("Plain", 700), line("text", 688)] })).toBeNull();
  });
});
