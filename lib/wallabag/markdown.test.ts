import { describe, expect, it } from "vitest";
import { entryMarkdown } from "@/lib/wallabag/markdown";

describe("entryMarkdown", () => {
  it("writes the title and address literally, then the article's markup as Markdown", () => {
    const markdown = entryMarkdown({
      title: "A *bold*\nclaim <b>",
      url: "https://x.example/a b",
      contentHtml:
        '<h2>Part</h2><p>Some <em>emphasis</em>, <strong>strength</strong> and <a href="https://y.example/">a link</a>.</p><ul><li>one</li><li>two</li></ul><pre><code>let x = 1;</code></pre>',
    });
    expect(markdown).toBe(
      [
        "# A \\*bold\\* claim &lt;b&gt;",
        "",
        "<https://x.example/a%20b>",
        "",
        "## Part",
        "",
        "Some _emphasis_, **strength** and [a link](https://y.example/).",
        "",
        "-   one",
        "-   two",
        "",
        "```",
        "let x = 1;",
        "```",
        "",
      ].join("\n"),
    );
  });

  it("is the heading and address alone without an article", () => {
    expect(entryMarkdown({ title: "T", url: "https://x.example/", contentHtml: null })).toBe(
      "# T\n\n<https://x.example/>\n",
    );
  });
});
