import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanSubject, countHtmlLinks, findUrls, forwardedFrom, ownText, scanAddress } from "./classify-mail.mjs";
import { htmlDepth, textToHtml } from "./newsletter-html.mjs";

// The scanners (decision 0349) find what the patterns they replaced found: each is checked against
// its old pattern on short random texts made of the pieces that matter to it, where backtracking
// costs nothing.

const text = (pieces: string[]) =>
  fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((parts) => parts.join(""));

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"*]+$/;

function oldFindUrls(value: string): string[] {
  const found: string[] = [];
  for (const match of value.match(URL_IN_TEXT) ?? []) {
    let url = match.replace(TRAILING_PUNCTUATION, "");
    if (match.length > url.length && match[url.length] === ")" && url.includes("(")) url += ")";
    if (!found.includes(url)) found.push(url);
  }
  return found;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:"[^"]*"|'[^']*'|[^'">])*?(\/?)>/g;
const VOID_TAGS = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));

function oldHtmlDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name = "", selfClosing] of html.matchAll(TAG)) {
    if (VOID_TAGS.has(name.toLowerCase()) || selfClosing) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

const HTML_LINK = /<a\b[^>]*\bhref\s*=\s*["']?\s*https?:/gi;
const ADDRESS = /<?([^\s<>"@]+@[^\s<>"@]+\.[^\s<>"@]+)>?/;

function oldTextToHtml(value: string): string {
  const escape = (block: string) =>
    block.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
  return value
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => {
      const linked = escape(block).replace(
        /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g,
        (url) => `<a href="${url}">${url}</a>`,
      );
      return `<p>${linked.replaceAll("\n", "<br>")}</p>`;
    })
    .join("\n");
}

function oldCleanSubject(subject: string): string | null {
  const cleaned = subject
    .replace(/^(\s*(fwd?|fw|re|aw|wg|tr)\s*(\[\d+\])?\s*:\s*)+/i, "")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned === "" || /^\(?no subject\)?$/i.test(cleaned) ? null : cleaned;
}

const SIGNATURE = /^-- ?$/;
const REPLY_HEADER =
  /^(On .{1,200} wrote:|Le .{1,200} a écrit ?:|Am .{1,200} schrieb .{1,200}:|-{2,} ?Original Message ?-{2,})$/i;
const FORWARD_HEADER =
  /^(-{2,} ?Forwarded message ?-{2,}|Begin forwarded message:|-{2,} ?Weitergeleitete Nachricht ?-{2,})$/i;
const PHONE_FOOTER =
  /^(Sent from my \S.{0,60}|Sent from (Mail|Outlook|Yahoo Mail) for .{1,40}|Get Outlook for .{1,40}|Sent via .{1,60}|Shared (from|via) .{1,60})$/i;

function oldOwnText(value: string): string {
  const kept: string[] = [];
  for (const raw of value.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    const bare = line.trim();
    if (SIGNATURE.test(line) || REPLY_HEADER.test(bare) || FORWARD_HEADER.test(bare)) break;
    if (bare.startsWith(">") || PHONE_FOOTER.test(bare)) continue;
    kept.push(line);
  }
  return kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const FORWARDED_FROM = /^\s*(?:\*\s*)?(?:From|Von|De)\s*:\s*\*?\s*(.+?)\s*$/im;

function oldForwardedFrom(value: string): { address: string; name: string | null } | null {
  const lines = value.replace(/\r\n?/g, "\n").split("\n");
  const start = lines.findIndex((line) => FORWARD_HEADER.test(line.trim()) || REPLY_HEADER.test(line.trim()));
  if (start < 0) return null;
  const header = lines.slice(start + 1, start + 12).join("\n");
  const from = header.match(FORWARDED_FROM)?.[1];
  const address = from?.match(ADDRESS)?.[1];
  if (!from || !address) return null;
  const name = from
    .replace(ADDRESS, "")
    .replace(/^["'\s]+|["'\s]+$/g, "")
    .replace(/\s*\[mailto:[^\]]*\]\s*/i, "")
    .trim();
  return { address: address.toLowerCase(), name: name === "" ? null : name };
}

const RUNS = { numRuns: 2000 };

describe("the scanners against the patterns they replace", () => {
  it("findUrls", () => {
    const pieces = ["http://", "HTTPS://", "https://", "a.example", "/x", ".", ")", "(", " ", "\n", '"', "<", ">", "!"];
    fc.assert(
      fc.property(text(pieces), (value) => void expect(findUrls(value)).toEqual(oldFindUrls(value))),
      RUNS,
    );
  });

  it("htmlDepth", () => {
    const pieces = ["<", "</", "div", "B", "br", " ", '"', "'", ">", "/>", "/", "x", "=", "-", "1"];
    fc.assert(
      fc.property(text(pieces), (html) => void expect(htmlDepth(html)).toBe(oldHtmlDepth(html))),
      RUNS,
    );
  });

  it("countHtmlLinks", () => {
    const pieces = [
      "<a",
      "<A",
      "<ab",
      " ",
      "href",
      "HREF",
      "xhref",
      "=",
      '"',
      "'",
      "http:",
      "HTTPS:",
      "ftp:",
      ">",
      "\n",
    ];
    fc.assert(
      fc.property(
        text(pieces),
        (html) =>
          void expect(countHtmlLinks(html, Number.MAX_SAFE_INTEGER).count).toBe(html.match(HTML_LINK)?.length ?? 0),
      ),
      RUNS,
    );
  });

  it("scanAddress", () => {
    const pieces = ["a", "b.c", "@", ".", "<", ">", " ", '"', "x"];
    fc.assert(
      fc.property(text(pieces), (value) => {
        const old = ADDRESS.exec(value);
        const found = scanAddress(value).found;
        expect(found && { start: found.start, end: found.end, address: found.address }).toEqual(
          old && { start: old.index, end: old.index + old[0].length, address: old[1] },
        );
      }),
      RUNS,
    );
  });

  it("textToHtml", () => {
    const pieces = ["http://", "https://", "ab", ".", ")", "]", ",", " ", "\n", "\r\n", "\t", '"', "<", "&", "x"];
    fc.assert(
      fc.property(text(pieces), (value) => void expect(textToHtml(value)).toBe(oldTextToHtml(value))),
      RUNS,
    );
  });

  it("cleanSubject", () => {
    const pieces = [
      "Fwd",
      "FW",
      "re",
      "Aw",
      "tr",
      "wg",
      "fd",
      ":",
      " ",
      "[2]",
      "[",
      "]",
      "x",
      "(no subject)",
      "No Subject",
    ];
    fc.assert(
      fc.property(text(pieces), (value) => void expect(cleanSubject(value)).toBe(oldCleanSubject(value))),
      RUNS,
    );
  });

  it("ownText", () => {
    const lines = [
      "Hello",
      "On Monday, Ada wrote:",
      "on x wrote:",
      "Am Montag schrieb Ada:",
      "Le lundi, Ada a écrit :",
      "-- ",
      "--",
      "----- Original Message -----",
      "-- Forwarded message --",
      "Begin forwarded message:",
      "> quoted",
      "Sent from my iPhone",
      "Sent from my  ",
      "Get Outlook for iOS",
      "Shared via app",
      "",
      "  ",
      "https://a.example/",
    ];
    const mail = fc
      .array(fc.constantFrom(...lines), { maxLength: 10 })
      .chain((picked) => fc.constantFrom("\n", "\r\n").map((end) => picked.join(end)));
    fc.assert(
      fc.property(mail, (value) => {
        expect(ownText(value)).toBe(oldOwnText(value));
      }),
      RUNS,
    );
  });

  it("forwardedFrom", () => {
    const lines = [
      "---------- Forwarded message ---------",
      "Begin forwarded message:",
      "On Monday, Ada wrote:",
      "From: Ada <ada@reader.example>",
      '*From:* "Ada L" <ada@reader.example> [mailto:ada@reader.example]',
      "Von: ada@reader.example",
      "de :   x",
      "From:",
      "From: *",
      "  ",
      "**Ada** <ada@reader.example>",
      "Date: today",
      "text",
      "",
    ];
    const mail = fc.array(fc.constantFrom(...lines), { maxLength: 14 }).map((picked) => picked.join("\n"));
    fc.assert(
      fc.property(mail, (value) => {
        expect(forwardedFrom(value)).toEqual(oldForwardedFrom(value));
      }),
      RUNS,
    );
  });
});
