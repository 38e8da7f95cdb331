import { describe, expect, it } from "vitest";
import type { ExportedHighlight } from "@/lib/highlights/exported";
import { markdownHead, markdownLink } from "@/lib/highlights/markdown";

const highlight = (quote: string, note: string | null = null): ExportedHighlight => ({
  quote,
  prefix: "",
  suffix: "",
  start: null,
  end: null,
  note,
  color: "yellow",
  createdAt: new Date("2026-11-20T10:00:00Z"),
});

describe("the Markdown export of highlights", () => {
  it("writes a heading per link, each passage quoted line by line, its note under it", () => {
    const text = markdownLink({ url: "https://example.test/a_(b)", title: "Tides [part 1]" }, [
      highlight("First line\n\nSecond line", "Why it matters"),
      highlight("Another"),
    ]);
    expect(text).toBe(
      [
        "",
        "## [Tides \\[part 1\\]](<https://example.test/a_(b)>)",
        "",
        "> First line",
        ">",
        "> Second line",
        "",
        "Note: Why it matters",
        "",
        "> Another",
        "",
      ].join("\n"),
    );
  });

  it("skips a link without highlights and names an untitled one by its address", () => {
    expect(markdownLink({ url: "https://example.test/", title: "T" }, [])).toBe("");
    expect(markdownLink({ url: "https://example.test/x", title: null }, [highlight("q")])).toContain(
      "## [https://example.test/x](<https://example.test/x>)",
    );
  });

  it("starts with the export's date", () => {
    expect(markdownHead(new Date("2026-11-27T03:00:00Z"))).toBe(
      "# Highlights from LinkStash\n\nExported 2026-11-27.\n",
    );
  });
});
