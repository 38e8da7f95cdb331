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

  it("says what an OPML list subscribed to, what was followed already and what was left out and why", () => {
    const feeds = { subscribed: 12, alreadySubscribed: 3, cut: 40, cutBecause: "an account follows at most 500 feeds" };
    expect(importSummary({ imported: 12, skipped: 3, errors: 2, feeds })).toBe(
      "12 feeds subscribed; their newest posts come into your stash at each feed's next check, usually within the hour. 3 feeds already subscribed. 2 addresses could not be read. 40 feeds left out: an account follows at most 500 feeds.",
    );
    expect(
      importSummary({
        imported: 0,
        skipped: 1,
        errors: 0,
        feeds: { subscribed: 0, alreadySubscribed: 1, cut: 0, cutBecause: null },
      }),
    ).toBe("No new feeds subscribed. 1 feed already subscribed.");
  });
});
