import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromSpreadsheetSafe, spreadsheetSafe } from "@/lib/export/spreadsheet-cell";

describe("spreadsheet-safe CSV cells", () => {
  it("prefixes a single quote to cells a spreadsheet would run as a formula", () => {
    for (const cell of ['=HYPERLINK("https://evil.example")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
  });

  it("leaves other cells alone, a quote or a dash inside included", () => {
    for (const cell of ["", "plain", "a=b", "x-1", "'quoted", " =spaced", "https://example.com/?a=-1"])
      expect(spreadsheetSafe(cell)).toBe(cell);
  });

  it("adds one more quote to a cell already quoted before a formula character, so the reader takes exactly one", () => {
    expect(spreadsheetSafe("'=1")).toBe("''=1");
    expect(fromSpreadsheetSafe("''=1")).toBe("'=1");
    expect(fromSpreadsheetSafe("'quoted")).toBe("'quoted");
  });

  it("reads back every value exactly", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", "=", "+", "-", "@", "\t", "\r", "a", " ") }), (value) => {
        expect(fromSpreadsheetSafe(spreadsheetSafe(value))).toBe(value);
      }),
      { numRuns: 2000, seed: 14 },
    );
  });
});
