// The bookmark reader against htmlparser2: time over a 30,000-bookmark file, and what each makes of
// a title written with an unescaped raw-text tag, as Pocket wrote titles unescaped. Figures for the
// record that keeps the hand-written reader (docs/decisions/0400).
//   npm run bench:bookmark-readers
import { Parser } from "htmlparser2";
import { median } from "@/bench/support/median";
import { createNetscapeReader, parseNetscape } from "@/lib/import/netscape";

const BOOKMARKS = 30_000;
const RUNS = 9;

/** A browser's export: folders of 100, tags, a description on every third, entities. */
function bookmarkFile(count: number): string {
  const parts = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n"];
  for (let folder = 0; folder < count / 100; folder += 1) {
    parts.push(`<DT><H3 ADD_DATE="1600000000">Folder ${folder} &amp; more</H3>\n<DL><p>\n`);
    for (let i = 0; i < 100; i += 1) {
      const n = folder * 100 + i;
      parts.push(
        `<DT><A HREF="https://site${n % 997}.example/path/${n}?q=a&amp;b=${n}" ADD_DATE="${1600000000 + n}" TAGS="tag${n % 13},tag${n % 7}">Bookmark ${n} &mdash; a title with words enough for a real page</A>\n`,
      );
      if (n % 3 === 0) parts.push(`<DD>A description of ${n}, &lt;as written&gt;.\n`);
    }
    parts.push("</DL><p>\n");
  }
  return parts.join("") + "</DL><p>\n";
}

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

/** The hand-written reader, building every record. */
function readOurs(chunks: readonly string[]): number {
  const reader = createNetscapeReader();
  let count = 0;
  for (const chunk of chunks) count += reader.push(chunk).length;
  return count + reader.end().length;
}

/** htmlparser2's streaming parser, counting anchors only: the least it would do for the same file. */
function anchorsOfHtmlparser2(chunks: readonly string[]): number {
  let count = 0;
  const parser = new Parser(
    { onopentag: (name) => void (name === "a" && (count += 1)) },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return count;
}

function timed(name: string, run: () => number): void {
  run();
  const times: number[] = [];
  let links = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    links = run();
    times.push(performance.now() - started);
  }
  console.log(
    `${name}: median ${median(times).toFixed(1)} ms, best ${Math.min(...times).toFixed(1)} ms (${links} links)`,
  );
}

const text = bookmarkFile(BOOKMARKS);
const chunks = chunksOf(text, 64 * 1024);
console.log(`${(text.length / 1e6).toFixed(1)} MB, ${BOOKMARKS} bookmarks, 64 KB chunks, ${RUNS} runs`);
timed("hand-written reader, records built", () => readOurs(chunks));
timed("htmlparser2, anchors counted", () => anchorsOfHtmlparser2(chunks));

const unescaped = [
  '<DL><p>\n<DT><A HREF="https://a.example/1">Why <script> blocks rendering</A>',
  '<DT><A HREF="https://a.example/2">Second</A>',
  '<DT><A HREF="https://a.example/3">Tips for <textarea> fields</A>',
  '<DT><A HREF="https://a.example/4">Fourth</A>\n</DL>',
].join("\n");
console.log(
  `4 bookmarks, titles with an unescaped <script> and <textarea>: hand-written reader ${parseNetscape(unescaped).length}, htmlparser2 ${anchorsOfHtmlparser2([unescaped])}`,
);
