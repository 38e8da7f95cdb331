import { describe, expect, it } from "vitest";
import {
  decodeEntities,
  MAX_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  parseMetadata,
  windows1252Controls,
} from "./parse-metadata";

const PAGE = "https://example.com/articles/read-later.html";

describe("decodeEntities", () => {
  it.each([
    ["Tom &amp; Jerry", "Tom & Jerry"],
    ["&lt;b&gt; &quot;quoted&quot; &apos;single&apos;", "<b> \"quoted\" 'single'"],
    ["caf&eacute; &Eacute;cole &yuml; &nbsp;", "café École ÿ \u00a0"],
    ["&#169; &#xA9; &#XA9 &#8212;", "© © © —"],
    ["&#150; &#x80;", "\u2013 \u20ac"],
    ["&#0; &#xD800; &#x110000;", "\ufffd \ufffd \ufffd"],
    ["&hellip;&ndash;&mdash;&rsquo;", "\u2026\u2013\u2014\u2019"],
    ["?a=1&copy=2 &unknown; & alone", "?a=1&copy=2 &unknown; & alone"],
  ])("%j -> %j", (input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });
});

describe("windows1252Controls", () => {
  it("reads C1 controls as Windows-1252 and leaves other text alone", () => {
    expect(windows1252Controls("It\u0092s \u0093quoted\u0094 \u0096 caf\u00e9 \u0081")).toBe(
      "It\u2019s \u201cquoted\u201d \u2013 caf\u00e9 \u0081",
    );
  });
});

describe("parseMetadata", () => {
  it("reads the title, decoding entities and collapsing whitespace", () => {
    const html = `<!doctype html><html><head>
      <title>
        Tom &amp; Jerry&#x27;s
        <guide>   to   caf&eacute;s
      </title></head><body></body></html>`;
    expect(parseMetadata(html, PAGE).title).toBe("Tom & Jerry's <guide> to cafés");
  });

  it("prefers Open Graph tags, in any attribute order and quoting", () => {
    const html = `<head>
      <title>Fallback title | Example</title>
      <meta content='The real title' property="og:title">
      <META PROPERTY=og:site_name CONTENT="Example &amp; Co">
      <meta name="description" content="Plain description">
      <meta property="og:description" content="OG description &mdash; better">
      </head>`;
    expect(parseMetadata(html, PAGE)).toEqual({
      title: "The real title",
      description: "OG description \u2014 better",
      siteName: "Example & Co",
      faviconUrl: null,
    });
  });

  it("falls back to the meta description and to <title> when og:title is empty", () => {
    const html = `<head><meta property="og:title" content="  "><title>Page title</title><meta name="Description" content="Described"></head>`;
    expect(parseMetadata(html, PAGE)).toMatchObject({ title: "Page title", description: "Described" });
  });

  it("gives null fields when the page declares nothing", () => {
    expect(parseMetadata("<html><body><h1>No head here</h1></body></html>", PAGE)).toEqual({
      title: null,
      description: null,
      siteName: null,
      faviconUrl: null,
    });
    expect(parseMetadata("", PAGE).title).toBeNull();
    expect(parseMetadata("<title>   </title>", PAGE).title).toBeNull();
  });

  it("resolves a relative favicon against the page URL", () => {
    expect(parseMetadata(`<link rel="icon" href="../static/fav.png?v=1&amp;x=2">`, PAGE).faviconUrl).toBe(
      "https://example.com/static/fav.png?v=1&x=2",
    );
    expect(parseMetadata(`<link rel="shortcut icon" href="/favicon.ico">`, PAGE).faviconUrl).toBe(
      "https://example.com/favicon.ico",
    );
    expect(parseMetadata(`<link rel="icon" href="//cdn.example.net/i.svg">`, PAGE).faviconUrl).toBe(
      "https://cdn.example.net/i.svg",
    );
  });

  it("resolves the favicon against <base href> when there is one", () => {
    const html = `<head><base href="https://static.example.org/site/"><link rel=icon href=icons/a.png></head>`;
    expect(parseMetadata(html, PAGE).faviconUrl).toBe("https://static.example.org/site/icons/a.png");
  });

  it("prefers rel=icon over apple-touch-icon and ignores mask-icon", () => {
    const html = `<link rel="mask-icon" href="/mask.svg"><link rel="apple-touch-icon" href="/touch.png"><link rel="icon" href="/icon.png">`;
    expect(parseMetadata(html, PAGE).faviconUrl).toBe("https://example.com/icon.png");
    expect(parseMetadata(`<link rel="apple-touch-icon" href="/touch.png">`, PAGE).faviconUrl).toBe(
      "https://example.com/touch.png",
    );
  });

  it("refuses icons that are not http(s)", () => {
    expect(parseMetadata(`<link rel="icon" href="javascript:alert(1)">`, PAGE).faviconUrl).toBeNull();
    expect(parseMetadata(`<link rel="icon" href="data:image/png;base64,AAAA">`, PAGE).faviconUrl).toBeNull();
  });

  it("ignores titles and tags inside comments, scripts and SVG, and stops at the body", () => {
    const html = `<head>
      <!-- <title>Commented out</title> -->
      <script>document.write("<title>From script</title><meta property='og:title' content='x'>")</script>
      <svg><title>Icon title</title></svg>
      <title>Real</title>
      </head><body><meta name="description" content="In the body"></body>`;
    expect(parseMetadata(html, PAGE)).toMatchObject({ title: "Real", description: null });
  });

  it("keeps the first of repeated tags", () => {
    const html = `<title>First</title><title>Second</title><meta property="og:site_name" content="A"><meta property="og:site_name" content="B">`;
    expect(parseMetadata(html, PAGE)).toMatchObject({ title: "First", siteName: "A" });
  });

  it("caps the title at 300 and the description at 1000 characters, the description with an ellipsis", () => {
    const html = `<title>${"t".repeat(400)}</title><meta name="description" content="${"d".repeat(2000)}">`;
    const parsed = parseMetadata(html, PAGE);
    expect(parsed.title).toBe("t".repeat(MAX_TITLE_LENGTH));
    expect(parsed.description).toBe(`${"d".repeat(MAX_DESCRIPTION_LENGTH - 1)}…`);
  });

  it("cuts a long description at a word boundary, with an ellipsis", () => {
    const words = "lorem ipsum dolor sit amet ".repeat(60);
    const parsed = parseMetadata(`<meta name="description" content="${words}">`, PAGE);
    expect(parsed.description?.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(parsed.description).toMatch(/ (lorem|ipsum|dolor|sit|amet)…$/);
  });

  it("does not split a surrogate pair when cutting", () => {
    const title = `${"a".repeat(MAX_TITLE_LENGTH - 1)}😀`;
    expect(parseMetadata(`<title>${title}</title>`, PAGE).title).toBe("a".repeat(MAX_TITLE_LENGTH - 1));
  });

  it("copes with unterminated markup", () => {
    expect(parseMetadata("<head><title>Cut off", PAGE).title).toBe("Cut off");
    expect(parseMetadata('<meta property="og:title" content="unterminated', PAGE).title).toBeNull();
    expect(parseMetadata("a < b and <!-- never closed <title>x</title>", PAGE).title).toBeNull();
  });

  it("finishes on hostile input", () => {
    // A scan that re-reads the whitespace run per character would take minutes here and fail on
    // the test timeout; the linear scanner takes milliseconds.
    const hostile = `<a${" ".repeat(500_000)}"<title x="${"<".repeat(200_000)}`;
    expect(parseMetadata(hostile, PAGE).title).toBeNull();
  });
});
