import { describe, expect, it } from "vitest";
import { importSummary } from "@/lib/import/summary";

describe("the import summary", () => {
  it("counts imports, duplicates and bad rows with their lines", () => {
    expect(
      importSummary({
        imported: 1234,
        skipped: 12,
        errors: 2,
        problems: [
          { line: 7, reason: "no URL" },
          { line: 9, reason: "bad" },
        ],
      }),
    ).toBe("Imported 1,234 links, skipped 12 duplicates, 2 rows could not be read: line 7: no URL; line 9: bad.");
    expect(importSummary({ imported: 1, skipped: 0, errors: 0 })).toBe("Imported 1 link.");
  });

  it("says when the file broke off", () => {
    expect(importSummary({ imported: 0, skipped: 1, errors: 0, error: "The ZIP file is damaged." })).toBe(
      "Imported 0 links, skipped 1 duplicate. The import stopped early: The ZIP file is damaged.",
    );
  });
});
