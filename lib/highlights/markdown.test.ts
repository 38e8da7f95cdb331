import { describe, expect, it } from "vitest";
import type { ExportedHighlight } from "@/lib/highlights/exported";
import { markdownHead, markdownLink, markdownText } from "@/lib/highlights/markdown";

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

  it("writes hostile titles, quotes and notes as text: no HTML, no link or image a renderer would follow", () => {
    const text = markdownLink(
      { url: "https://example.test/x", title: '<img src=x onerror="alert(1)">](javascript:alert(1)) [x' },
      [
        highlight(
          "<script>alert(1)</script>\n<div onmouseover=alert(1)>",
          "<img src=x onerror=alert(document.cookie)>",
        ),
        highlight(
          "![pixel](https://tracker.example/p.gif)",
          "[click](javascript:alert(1))\n[ref]: javascript:alert(1)",
        ),
        highlight("<https://evil.example/autolink>", "&lt;img&gt; stays as typed"),
      ],
    );
    expect(text).toBe(
      [
        "",
        '## [&lt;img src=x onerror="alert(1)"&gt;\\](javascript:alert(1)) \\[x](<https://example.test/x>)',
        "",
        "> &lt;script&gt;alert(1)&lt;/script&gt;",
        "> &lt;div onmouseover=alert(1)&gt;",
        "",
        "Note: &lt;img src=x onerror=alert(document.cookie)&gt;",
        "",
        "> !\\[pixel\\](https://tracker.example/p.gif)",
        "",
        "Note: \\[click\\](javascript:alert(1))",
        "\\[ref\\]: javascript:alert(1)",
        "",
        "> &lt;https://evil.example/autolink&gt;",
        "",
        "Note: &amp;lt;img&amp;gt; stays as typed",
        "",
      ].join("\n"),
    );
    // Whatever the input, no tag can open and every bracket is escaped.
    expect(text).not.toMatch(/<(?!https:\/\/example\.test\/x>)/);
    const userText = text.replace("## [", "").replace("](<https://example.test/x>)", "");
    expect(userText.replace(/\\[[\]]/g, "")).not.toMatch(/[[\]]/);
  });

  it("escapes code, emphasis and what would start a heading, list or underline at a line's start", () => {
    expect(markdownText("# Not a heading")).toBe("\\# Not a heading");
    expect(markdownText("  - not a list")).toBe("  \\- not a list");
    expect(markdownText("1. not a list")).toBe("1\\. not a list");
    expect(markdownText("===")).toBe("\\===");
    expect(markdownText("`code` *em* _em_ ~del~ a|b c\\d")).toBe("\\`code\\` \\*em\\* \\_em\\_ \\~del\\~ a\\|b c\\\\d");
    expect(markdownText("Plain words, stay plain: 3 + 4 - 1 = 6.")).toBe("Plain words, stay plain: 3 + 4 - 1 = 6.");
  });

  it("ends every line of a quote or note where Markdown does, a lone carriage return included", () => {
    const text = markdownLink({ url: "https://example.test/", title: "T" }, [highlight("a\r<b>", "c\r# d")]);
    expect(text).toContain("> a\n> &lt;b&gt;");
    expect(text).toContain("Note: c\n\\# d");
  });

  it("keeps a link's address inside its <…> destination", () => {
    const text = markdownLink({ url: "https://example.test/a b>c<d\ne", title: "T" }, [highlight("q")]);
    expect(text).toContain("(<https://example.test/a%20b%3Ec%3Cd%0Ae>)");
  });
});
