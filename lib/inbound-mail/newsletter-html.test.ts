import { describe, expect, it } from "vitest";
import { flattenLayoutTables } from "@/lib/inbound-mail/layout-tables.mjs";
import {
  findWebVersionUrl,
  htmlDepth,
  htmlText,
  newsletterHtml,
  textToHtml,
} from "@/lib/inbound-mail/newsletter-html.mjs";
import { isMailOnlyUrl, mailOnlyUrl } from "@/lib/inbound-mail/mail-url";

const APP = "https://stash.test";
const BASE = "https://mail.invalid/";

describe("newsletterHtml", () => {
  it("keeps the text, links and remote images, and drops scripts, handlers, forms and styles", () => {
    const { contentHtml } = newsletterHtml(
      `<html><head><title>T</title><style>p{}</style></head><body><p onclick="x()" style="color:red">Hello
      <a href="https://n.example/a" onmouseover="y()">read</a></p><script>z()</script>
      <form><input name="q"></form><img src="https://cdn.n.example/i.png" alt="pic" width="300"></body></html>`,
      BASE,
      APP,
    );
    expect(contentHtml).toContain("Hello");
    expect(contentHtml).toContain('href="https://n.example/a"');
    expect(contentHtml).toContain('src="https://cdn.n.example/i.png"');
    expect(contentHtml).not.toMatch(/onclick|onmouseover|<script|<form|<input|style=|<title|p\{\}/);
  });

  it("drops hidden preview text, tracking pixels and inline (cid:) images", () => {
    const { contentHtml } = newsletterHtml(
      `<div style="display: none; max-height:0">preview</div><p>Body</p>
      <img src="https://t.example/o.gif" width="1" height="1"><img src="https://t.example/p.gif" style="width:1px;height:1px">
      <img src="cid:logo@n" alt="logo">`,
      BASE,
      APP,
    );
    expect(contentHtml).not.toContain("preview");
    expect(contentHtml).not.toContain("<img");
    expect(contentHtml).toContain("Body");
  });

  it("finds the web version", () => {
    const html = `<a href="https://n.example/r/1">Story</a> <a href="https://n.example/web/42">View this email in your browser</a>`;
    expect(newsletterHtml(html, BASE, APP).webVersionUrl).toBe("https://n.example/web/42");
  });

  it("finds a web version whose link says only 'click here' after the newsletter says it may not read well", () => {
    const html = `<table><tr><td><font>Can't read this email? <a href="https://n.example/web/7">Click
      here</a></font></td></tr></table><p>Gift ideas. <a href="https://n.example/shop">Click here</a></p>`;
    expect(newsletterHtml(html, BASE, APP).webVersionUrl).toBe("https://n.example/web/7");
    const other = `<p>Can't read small print? Ask us.</p><p>Our new range. <a href="https://n.example/shop">Click here</a></p>`;
    expect(newsletterHtml(other, BASE, APP).webVersionUrl).toBeNull();
  });
});

describe("findWebVersionUrl", () => {
  it("reads the words newsletter services use", () => {
    for (const text of [
      "View in browser",
      "Read online",
      "View it on the web",
      "Web version",
      "Open in your browser",
      "If this email does not display correctly, click here",
      "Si ce message ne s'affiche pas correctement, veuillez cliquer ici.",
    ]) {
      expect(findWebVersionUrl([{ href: "https://n.example/w", text }])).toBe("https://n.example/w");
    }
  });

  it("ignores other links and addresses that are not http(s)", () => {
    expect(findWebVersionUrl([{ href: "https://n.example/r", text: "Read more about tides" }])).toBeNull();
    expect(findWebVersionUrl([{ href: "mailto:a@n.example", text: "View online" }])).toBeNull();
    expect(findWebVersionUrl([{ href: "*|ARCHIVE|*", text: "View online" }])).toBeNull();
  });

  it("takes a 'click here' link only when the text just before it says the mail may not read well", () => {
    const web = { href: "https://n.example/w", text: "Click here" };
    expect(findWebVersionUrl([{ ...web, before: "Having trouble viewing this email? " }])).toBe(web.href);
    expect(findWebVersionUrl([{ ...web, before: "Ce message ne s'affiche pas ? Cliquez " }])).toBe(web.href);
    expect(findWebVersionUrl([{ ...web, before: "To unsubscribe from the Original Advantage " }])).toBeNull();
    expect(findWebVersionUrl([web])).toBeNull();
    expect(
      findWebVersionUrl([{ ...web, text: "Click here to unsubscribe", before: "Can't read this email? " }]),
    ).toBeNull();
  });
});

describe("htmlText", () => {
  it("gives a block's text a line of its own and decodes entities", () => {
    expect(htmlText("<h1>Tides &amp; moons</h1><p>One</p><p>Two&nbsp;three</p>")).toBe("Tides & moons\nOne\nTwo three");
  });
});

describe("textToHtml", () => {
  it("makes paragraphs and links of plain text, escaped", () => {
    expect(textToHtml("Hi <you>\nsee https://n.example/a.\n\nBye")).toBe(
      '<p>Hi &lt;you&gt;<br>see <a href="https://n.example/a">https://n.example/a</a>.</p>\n<p>Bye</p>',
    );
  });
});

describe("mailOnlyUrl", () => {
  it("is an address on the reserved .invalid domain, told apart by the sender's domain and a key", () => {
    const url = mailOnlyUrl("Tide.Example", "k3y");
    expect(url).toBe("https://mail.invalid/tide.example/k3y");
    expect(isMailOnlyUrl(url)).toBe(true);
    expect(isMailOnlyUrl("https://tide.example/k3y")).toBe(false);
    expect(isMailOnlyUrl("not a url")).toBe(false);
  });
});

describe("htmlDepth", () => {
  it("counts nesting, not void or self-closed elements, and unclosed tags as open", () => {
    expect(htmlDepth("<div><p>a<br>b<img src='x>y'></p><p/></div>")).toBe(2);
    expect(htmlDepth("<div><div><div>")).toBe(3);
    expect(htmlDepth("</div></div><b>x</b>")).toBe(1);
  });
});

describe("flattenLayoutTables", () => {
  const words = (html: string) => htmlText(html).split(/\s+/).join(" ");

  it("makes a layout table its cells' blocks, in reading order", () => {
    const html = `<table role="presentation" width="600" cellpadding="0"><tbody><tr><td><h1>Number 7</h1></td></tr>
      <tr><td><p>First story.</p></td><td><p>Second story.</p></td></tr><tr><td>&nbsp;</td></tr></tbody></table>`;
    const flat = flattenLayoutTables(html);
    expect(flat).not.toMatch(/<(table|tbody|tr|td)\b/);
    expect(flat).toBe(
      '<div role="presentation" width="600" cellpadding="0"><div><h1>Number 7</h1></div>\n      <div><p>First story.</p></div><div><p>Second story.</p></div></div>',
    );
    expect(words(flat)).toBe("Number 7 First story. Second story.");
  });

  it("keeps a data table: header cells, several short cells a row", () => {
    const html = `<table><thead><tr><th>Tide</th><th>Time</th></tr></thead><tbody><tr><td>High</td><td>06:12</td></tr>
      <tr><td>Low</td><td>12:30</td></tr></tbody></table>`;
    expect(flattenLayoutTables(html)).toBe(html);
    // Header cells keep a table one even with a layout attribute.
    const bordered = `<table cellpadding="4"><tr><th>Tide</th><th>Time</th></tr><tr><td>High</td><td>06:12</td></tr></table>`;
    expect(flattenLayoutTables(bordered)).toBe(bordered);
  });

  it("tells layout from data by what a table holds and how it is laid out", () => {
    const layouts = [
      `<table><tr><td>Only one column</td></tr><tr><td>of rows</td></tr></table>`,
      `<table width="100%"><tr><td>Left</td><td>Right</td></tr></table>`,
      `<table border="0"><tr><td>Left</td><td>Right</td></tr></table>`,
      `<table><tr><th>A</th><td><img src="https://n.example/a.png"></td></tr></table>`,
      `<table><tr><th>A</th><td>${"word ".repeat(60)}</td></tr></table>`,
    ];
    for (const html of layouts) expect(flattenLayoutTables(html), html).not.toContain("<table");
    const data = `<table border="1"><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>`;
    expect(flattenLayoutTables(data)).toBe(data);
  });

  it("flattens nested layout tables and keeps a data table inside them", () => {
    const html = `<table role="presentation"><tr><td><table width="600"><tr><td><p>Intro</p></td></tr>
      <tr><td><table><tr><th>Day</th><th>Tide</th></tr><tr><td>Mon</td><td>3.1 m</td></tr></table></td></tr>
      </table></td></tr><tr><td><p>Outro</p></td></tr></table>`;
    const flat = flattenLayoutTables(html);
    expect(flat.match(/<table/g)).toHaveLength(1);
    expect(flat).toContain("<table><tr><th>Day</th><th>Tide</th></tr><tr><td>Mon</td><td>3.1 m</td></tr></table>");
    expect(words(flat)).toBe("Intro Day Tide Mon 3.1 m Outro");
  });

  it("drops an image's declared size when it is wider than the narrowest column, or not in pixels", () => {
    const flat = flattenLayoutTables(
      `<img src="a" width="600" height="300"><img src="b" width="100%"><img src="c" width="120" height="40"><img src="d" width="320px">`,
    );
    expect(flat).toBe(`<img src="a"><img src="b"><img src="c" width="120" height="40"><img src="d" width="320px">`);
  });

  it("writes text and attributes back escaped", () => {
    const html = `<table width="1"><tr><td title="a &quot;b&quot; &amp; c">1 &lt; 2 &amp; 3</td></tr></table>`;
    expect(flattenLayoutTables(html)).toBe(
      `<div width="1"><div title="a &quot;b&quot; &amp; c">1 &lt; 2 &amp; 3</div></div>`,
    );
  });

  it("is applied when a newsletter is made into its article", () => {
    const { contentHtml } = newsletterHtml(
      `<table role="presentation" width="640"><tr><td><img src="https://cdn.n.example/hero.png" width="640" height="320"></td></tr>
      <tr><td><h2>Moons</h2><p>Spring tides.</p></td></tr></table>`,
      BASE,
      APP,
    );
    expect(contentHtml).not.toContain("<table");
    expect(contentHtml).not.toMatch(/width=|height=/);
    expect(contentHtml).toContain("<h2>Moons</h2><p>Spring tides.</p>");
  });
});
