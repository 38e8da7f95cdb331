import { describe, expect, it } from "vitest";
import { languageTag, parseArticle } from "@/lib/epub/xhtml";
import { escapeXml } from "@/lib/text/escape-xml";

const xhtml = (html: string, images: Record<string, string> = {}) =>
  parseArticle(html).toXhtml((src) => images[src] ?? null);

describe("parseArticle", () => {
  it("writes XHTML: void elements closed, text and attributes escaped, control characters dropped", () => {
    expect(xhtml('<p title="a &quot;b&quot; &amp; c">x &lt; y<br>z\u0001</p><hr>')).toBe(
      '<p title="a &quot;b&quot; &amp; c">x &lt; y<br/>z</p><hr/>',
    );
  });

  it("lists the images and embeds those resolved; the others become their alt text, marked as an image's", () => {
    const parsed = parseArticle(
      '<p><img src="https://a.example/1.png" alt="One"><img src="https://a.example/2.png" alt="Two &amp; more">' +
        '<img src="https://a.example/3.png" alt=" "></p>',
    );
    expect(parsed.images).toEqual(["https://a.example/1.png", "https://a.example/2.png", "https://a.example/3.png"]);
    expect(parsed.toXhtml((src) => (src.endsWith("1.png") ? "../images/i1.png" : null))).toBe(
      '<p><img src="../images/i1.png" alt="One"/>[Image: Two &amp; more]</p>',
    );
  });

  it("writes a formula as its text, without its TeX annotation", () => {
    expect(
      xhtml(
        '<p>When <math alttext="a \\ne 0"><semantics><mrow><mi>a</mi><mo>≠</mo><mn>0</mn></mrow>' +
          '<annotation encoding="application/x-tex">a \\ne 0</annotation></semantics></math>, two.</p>',
      ),
    ).toBe("<p>When a≠0, two.</p>");
  });

  it("keeps only what a content model allows where it stands", () => {
    expect(xhtml("<p>a<span><ul><li>b</li></ul></span></p>")).toBe("<p>a<span><span><span>b</span></span></span></p>");
    expect(xhtml("<ul>text<li>b</li></ul>")).toBe("<ul><li>text</li><li>b</li></ul>");
    expect(xhtml("<table><tr><td>1</td></tr><tbody><tr><td>2</td></tr></tbody></table>")).toBe(
      "<table><tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>",
    );
    expect(xhtml("<li>alone</li><dl><dd>no term</dd></dl>")).toBe("<div>alone</div><div><div>no term</div></div>");
    expect(xhtml('<a href="https://a.example/"><a href="https://b.example/">x</a></a>')).not.toContain(
      '<a href="https://b',
    );
  });

  it("keeps in-page links only to ids the article has, and checked attribute values", () => {
    expect(xhtml('<h2 id="n">N</h2><p><a href="#n">to</a> <a href="#gone">gone</a></p>')).toBe(
      '<h2 id="n">N</h2><p><a href="#n">to</a> <a>gone</a></p>',
    );
    expect(xhtml('<ol start="x" reversed><li lang="not a tag" dir="sideways">a</li></ol><td colspan="0">')).toBe(
      '<ol reversed="reversed"><li>a</li></ol><div></div>',
    );
    expect(xhtml('<a href="javascript:alert(1)">x</a><time datetime="soon">then</time>')).toBe(
      "<a>x</a><span>then</span>",
    );
  });
});

describe("escapeXml and languageTag", () => {
  it("escape markup and take only language tags", () => {
    expect(escapeXml(`<a href="x">&</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
    expect(languageTag(" fr-CA ")).toBe("fr-CA");
    expect(languageTag("en_US")).toBeNull();
  });
});
