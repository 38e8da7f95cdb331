import { Parser } from "htmlparser2";

// Text for a title or a summary out of what a feed holds as HTML: the markup dropped, entities
// decoded, runs of white space made one space. A tokenizer, not a pattern, decides what is markup,
// so "1 < 2" stays text as a browser would show it.

/** Elements whose content is never shown as text. */
const HIDDEN = new Set(["script", "style", "template", "noscript"]);

/** Elements that break a line: their edges separate words ("a<b>b</b>" stays one word). */
const BREAKING = new Set(
  "address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table td th tr ul".split(
    " ",
  ),
);

/** `html` as the plain text a reader would see, at most `maxChars` long (cut at a word). */
export function plainText(html: string, maxChars = Number.POSITIVE_INFINITY): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hidden += 1;
        else if (BREAKING.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BREAKING.has(name)) parts.push(" ");
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return shorten(collapse(parts.join("")), maxChars);
}

/** Runs of white space (no-break spaces too) as one space, none at the ends. */
export function collapse(text: string): string {
  return text.replace(/[\s\u00a0]+/g, " ").trim();
}

/** `text` cut at a word to at most `maxChars` characters, an ellipsis marking the cut. */
export function shorten(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
