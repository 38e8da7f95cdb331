import TurndownService from "turndown";
import { markdownText } from "@/lib/highlights/markdown";

// An entry as Markdown (GET /api/entries/{id}/export with the extension md, decision 0412): its title as a heading, its
// address, then its stored article (sanitised HTML, lib/articles/sanitize.mjs) converted by Turndown.
// The title and address come from pages, so they are written as literal text; the article's own
// markup becomes Markdown's.

const turndown = new TurndownService({
  headingStyle: "atx",
  codeBlockStyle: "fenced",
  bulletListMarker: "-",
  emDelimiter: "_",
  hr: "---",
});

/** The entry's Markdown document; an entry without an article is its heading and address. */
export function entryMarkdown(entry: { title: string; url: string; contentHtml: string | null }): string {
  const title = markdownText(entry.title.replace(/\s+/g, " ").trim());
  const address = entry.url.replace(/[\s<>\\]/g, (character) => encodeURIComponent(character));
  const body = entry.contentHtml ? turndown.turndown(entry.contentHtml).trim() : "";
  return `# ${title}\n\n<${address}>\n${body === "" ? "" : `\n${body}\n`}`;
}
