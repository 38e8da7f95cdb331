import { describe, expect, it } from "vitest";
import {
  MAX_URL_LENGTH,
  normalizeImportedUrl,
  normalizeUrl,
  URL_INVALID_MESSAGE,
  URL_REQUIRED_MESSAGE,
  URL_TOO_LONG_MESSAGE,
} from "./url";

describe("normalizeUrl", () => {
  it.each([
    ["example.com", "https://example.com/"],
    ["www.example.com/path/to/page", "https://www.example.com/path/to/page"],
    ["example.com/search?q=read+later&page=2", "https://example.com/search?q=read+later&page=2"],
    ["example.com/docs#section-2", "https://example.com/docs#section-2"],
    ["https://example.com/a?b=c#d", "https://example.com/a?b=c#d"],
    ["http://example.com", "http://example.com/"],
    ["HTTPS://EXAMPLE.COM/Path", "https://example.com/Path"],
    ["HtTp://Example.com", "http://example.com/"],
    ["  https://example.com/padded  ", "https://example.com/padded"],
    ["\texample.com\n", "https://example.com/"],
    ["example.com:8080/admin", "https://example.com:8080/admin"],
    ["http://example.com:80/", "http://example.com/"],
    ["localhost:3000/dashboard", "https://localhost:3000/dashboard"],
    ["http://localhost", "http://localhost/"],
    ["192.168.1.1", "https://192.168.1.1/"],
    ["http://8.8.8.8:8080/x", "http://8.8.8.8:8080/x"],
    ["https://[2606:4700::1111]/", "https://[2606:4700::1111]/"],
    ["bücher.de", "https://xn--bcher-kva.de/"],
    ["https://例え.テスト/", "https://xn--r8jz45g.xn--zckzah/"],
    ["example.com/caf%C3%A9", "https://example.com/caf%C3%A9"],
    ["sub.domain.example.co.uk/a/b/c.html", "https://sub.domain.example.co.uk/a/b/c.html"],
    ["example.com.", "https://example.com./"],
    // Backslashes mean "/" to browsers; the stored href says so explicitly.
    ["https://evil.example\\@good.example", "https://evil.example/@good.example"],
  ])("accepts %j as %s", (input, expected) => {
    expect(normalizeUrl(input)).toEqual({ ok: true, url: expected });
  });

  it.each([[""], ["   "], ["\n\t "]])("requires a URL (%j)", (input) => {
    expect(normalizeUrl(input)).toEqual({ ok: false, message: URL_REQUIRED_MESSAGE });
  });

  it.each([
    ["javascript:alert(1)"],
    ["JavaScript:alert(document.cookie)"],
    ["javascript://example.com/%0aalert(1)"],
    ["javascript:void(0)//example.com"],
    ["vbscript:msgbox(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["blob:https://example.com/id"],
    ["mailto:someone@example.com"],
    ["ftp://files.example.com/pub"],
    ["file:///etc/passwd"],
    ["http:example.com"],
    ["http//example.com"],
    ["example"],
    ["just some words"],
    ["exa mple.com"],
    ["example.com/with space"],
    [".com"],
    ["a..b.com"],
    ["https://"],
    ["https://user:secret@example.com/"],
    ["https://example.com:99999/"],
    ["https://exa\u0000mple.com"],
  ])("refuses %j", (input) => {
    expect(normalizeUrl(input)).toEqual({ ok: false, message: URL_INVALID_MESSAGE });
  });

  it("caps the length at 2048 characters", () => {
    const base = "https://example.com/";
    const atLimit = base + "a".repeat(MAX_URL_LENGTH - base.length);
    expect(normalizeUrl(atLimit)).toEqual({ ok: true, url: atLimit });
    expect(normalizeUrl(`${atLimit}a`)).toEqual({ ok: false, message: URL_TOO_LONG_MESSAGE });
  });

  it("measures the cap on the stored form, which percent-encoding can lengthen", () => {
    const input = `https://example.com/${"é".repeat(1000)}`;
    expect(input.length).toBeLessThan(MAX_URL_LENGTH);
    expect(normalizeUrl(input)).toEqual({ ok: false, message: URL_TOO_LONG_MESSAGE });
  });
});

describe("one rule for typed and imported addresses", () => {
  it("takes a scheme-less address ending in a real top-level domain, an IP or a reserved name", () => {
    const cases: [string, string][] = [
      ["example.com/page", "https://example.com/page"],
      ["news.bbc.co.uk", "https://news.bbc.co.uk/"],
      ["example.test/a", "https://example.test/a"],
      ["192.168.1.10:8080/x", "https://192.168.1.10:8080/x"],
      ["bücher.de", "https://xn--bcher-kva.de/"],
    ];
    for (const [input, url] of cases) {
      expect(normalizeUrl(input)).toEqual({ ok: true, url });
      expect(normalizeImportedUrl(input)).toEqual({ ok: true, url });
    }
  });

  it("refuses a scheme-less name that ends in no top-level domain, in the form and the import alike", () => {
    for (const input of ["Node.js", "file.txt", "e.g"]) {
      expect(normalizeUrl(input)).toEqual({ ok: false, message: URL_INVALID_MESSAGE });
      expect(normalizeImportedUrl(input)).toEqual({ ok: false, message: URL_INVALID_MESSAGE });
    }
    // With a scheme the host is the user's word: any host of two labels.
    expect(normalizeUrl("https://node.js/")).toEqual({ ok: true, url: "https://node.js/" });
  });
});

describe("normalizeImportedUrl", () => {
  it("percent-encodes a literal space in a complete address, as a browser does", () => {
    expect(normalizeImportedUrl("https://example.test/a page?q=two words#some part")).toEqual({
      ok: true,
      url: "https://example.test/a%20page?q=two%20words#some%20part",
    });
  });

  it.each([["https://exa mple.test/"], ["example.test/with space"], ["https://example.test/a\tb"]])(
    "still refuses %j",
    (input) => {
      expect(normalizeImportedUrl(input)).toEqual({ ok: false, message: URL_INVALID_MESSAGE });
    },
  );

  it("says when an address is too long", () => {
    expect(normalizeImportedUrl(`https://example.test/${"a".repeat(MAX_URL_LENGTH)}`)).toEqual({
      ok: false,
      message: URL_TOO_LONG_MESSAGE,
    });
  });
});
