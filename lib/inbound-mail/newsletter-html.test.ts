import { describe, expect, it } from "vitest";
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
