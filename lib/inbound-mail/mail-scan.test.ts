import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyMail, countHtmlLinks, forwardedFrom, ownText, scanAddress } from "./classify-mail.mjs";
import { scanAddresses } from "./mail-scan.mjs";
import { scanLayoutTables } from "./layout-tables.mjs";
import { htmlText, scanDepth, textToHtml } from "./newsletter-html.mjs";

// The mail rules read what a mail holds in time linear in it (decision 0349). Counted, not timed:
// each scanner says how many characters it read, and for the inputs that made the old patterns
// backtrack over and over that stays within a small multiple of the input, at n and at 8n. The
// patterns left must compile for V8's linear-time engine.

const SIZES = [60_000, 480_000];

/** The most steps per character of input a scanner may take. */
const STEPS_PER_CHARACTER = 3;

const hostile = {
  unclosedAnchors: (n: number) => "<a ".repeat(n / 3),
  unclosedQuotedAnchors: (n: number) => '<a "'.repeat(n / 4),
  anchorsWithoutValue: (n: number) => "<a href ".repeat(n / 8),
  urlThenDots: (n: number) => `http://example.org/${".".repeat(n)}`,
  urlsRunTogether: (n: number) => "http://example.org/".repeat(n / 19),
  bareSchemes: (n: number) => "http://".repeat(n / 7),
  inlineMarkup: (n: number) => `<p>${"<b><i>x</i></b>".repeat(n / 15)}</p>`,
  spaces: (n: number) => `On ${" ".repeat(n)}x`,
  dashes: (n: number) => `${"-".repeat(n)}x`,
  atSigns: (n: number) => `${"a".repeat(n)}@${"b".repeat(n)}`,
  nestedTables: (n: number) => '<table role="presentation"><tr><td>x'.repeat(n / 40),
  manyCells: (n: number) => `<table>${"<tr><th>a</th><td>&nbsp;</td>".repeat(n / 30)}</table>`,
  unclosedCells: (n: number) => `<table>${"<td><img width=999>".repeat(n / 20)}`,
};

const scanners = {
  scanDepth: (text: string) => scanDepth(text).steps,
  countHtmlLinks: (text: string) => countHtmlLinks(text, Number.MAX_SAFE_INTEGER).steps,
  scanAddresses: (text: string) => scanAddresses(text, "<>\"'`").steps,
  scanAddress: (text: string) => scanAddress(text).steps,
  scanLayoutTables: (text: string) => scanLayoutTables(text).steps,
};

describe("the mail scanners", () => {
  for (const [scanner, steps] of Object.entries(scanners)) {
    it(`${scanner} reads each hostile input in steps linear in its length`, () => {
      for (const [name, make] of Object.entries(hostile)) {
        for (const size of SIZES) {
          const input = make(size);
          expect({ name, size, steps: steps(input) <= STEPS_PER_CHARACTER * input.length + 10 }).toEqual({
            name,
            size,
            steps: true,
          });
        }
      }
    });
  }

  it("still finds what the patterns they replace found", () => {
    expect(scanDepth('<div><p title="a>b">x<br/><img src=x></p><span>').depth).toBe(2);
    expect(
      countHtmlLinks('<a class="x" HREF = "https://a.example/">a</a> <a <a href=http://b.example/>', 9).count,
    ).toBe(2);
    expect(scanAddress('"Ada" <ada@reader.example> [mailto:ada@reader.example]').found).toMatchObject({
      start: 6,
      end: 26,
      address: "ada@reader.example",
    });
    expect(textToHtml("See https://a.example/x.\n\n \nhttp://b.example/(y)")).toBe(
      '<p>See <a href="https://a.example/x">https://a.example/x</a>.</p>\n<p><a href="http://b.example/(y">http://b.example/(y</a>)</p>',
    );
  });
});

describe("the mail rules on hostile input", () => {
  it("classify a URL run into dots, unclosed tags and runs of spaces as the rules say", () => {
    const dots = `http://example.org/${".".repeat(60_000)}`;
    expect(classifyMail({ subject: null, text: dots, html: "<a ".repeat(60_000) })).toEqual({
      kind: "link",
      url: "http://example.org/",
      note: null,
    });
    // Past 200 characters between "On" and "wrote:" a line is the sender's own, not a reply header.
    const long = `keep\nOn ${" ".repeat(60_000)}x wrote:\nquoted`;
    expect(ownText(long) === long).toBe(true);
    expect(ownText(`keep\n${"-".repeat(60_000)}x\nOn Monday, Ada wrote:\n${" ".repeat(60_000)}x`)).toBe(
      `keep\n${"-".repeat(60_000)}x`,
    );
    expect(forwardedFrom(`---------- Forwarded message ---------\nFrom: ${" ".repeat(60_000)}x`)).toBeNull();
    expect(htmlText("<b><i>x</i></b>".repeat(1000))).toBe("x".repeat(1000));
  });
});

describe("the patterns left on the mail path", () => {
  it("each compile for V8's linear-time engine", () => {
    const script = `
      const { MAIL_PATTERNS } = await import("./lib/inbound-mail/mail-scan.mjs");
      await import("./lib/inbound-mail/mail-work.mjs");
      const refused = MAIL_PATTERNS.filter((made) => {
        try { new RegExp(made.source, made.flags + "l"); return false; } catch { return true; }
      });
      console.log(JSON.stringify({ count: MAIL_PATTERNS.length, refused: refused.map(String) }));`;
    const out = execFileSync(
      process.execPath,
      ["--enable-experimental-regexp-engine", "--input-type=module", "--eval", script],
      { cwd: path.join(import.meta.dirname, "../.."), encoding: "utf8" },
    );
    const { count, refused } = JSON.parse(out) as { count: number; refused: string[] };
    expect(refused).toEqual([]);
    expect(count).toBeGreaterThan(10);
  });
});
