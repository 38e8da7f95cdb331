import type { ExportedHighlight } from "@/lib/highlights/exported";

// The Markdown export of highlights: one section per link that has any, each passage a block quote
// with its note under it. Pure.
//
// Titles, quotes and notes come from pages and users, and a Markdown renderer passes raw HTML through
// and turns brackets into links and images. So each is written as literal text: "<", ">" and "&" as
// entities (no HTML, no autolink), the punctuation of links, images, code and emphasis escaped with
// a backslash, and what would start a heading, list, table or setext underline at a line's start too.

// CommonMark ends a line at "\r" alone too.
const LINE_BREAK = /\r\n|\r|\n/;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** One line of user text as literal Markdown inline text. */
export function markdownText(line: string): string {
  const escaped = line.replace(/[&<>]/g, (character) => ENTITIES[character] ?? character);
  const inline = escaped.replace(/[\\`*_[\]|~]/g, (character) => `\\${character}`);
  // A heading, list item, thematic break or setext underline begins at the start of a line.
  return inline.replace(/^(\s*)([#+=-]|\d+(?=[.)]))/, (_, space: string, mark: string) =>
    /^\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
  );
}

/** Text shown inside a Markdown link's brackets, on one line. */
function linkText(text: string): string {
  return markdownText(text.replace(/\s+/g, " ").trim());
}

function quoteBlock(text: string): string {
  return text
    .trim()
    .split(LINE_BREAK)
    .map((line) => (line.trim() === "" ? ">" : `> ${markdownText(line)}`))
    .join("\n");
}

function noteBlock(note: string): string {
  return `Note: ${note
    .trim()
    .split(LINE_BREAK)
    .map((line) => markdownText(line))
    .join("\n")}`;
}

export function markdownHead(exportedAt: Date): string {
  return `# Highlights from LinkStash\n\nExported ${exportedAt.toISOString().slice(0, 10)}.\n`;
}

/** One link's section; empty when it has no highlights. */
export function markdownLink(
  link: { url: string; title: string | null },
  highlights: readonly ExportedHighlight[],
): string {
  if (highlights.length === 0) return "";
  const lines = [`\n## [${linkText(link.title ?? link.url)}](<${linkDestination(link.url)}>)\n`];
  for (const highlight of highlights) {
    lines.push(quoteBlock(highlight.quote), "");
    if (highlight.note) lines.push(noteBlock(highlight.note), "");
  }
  return lines.join("\n");
}

/**
 * A link's address as a <…> destination. Stored addresses are http(s) and percent-encoded; what could
 * still end the destination or start markup (a space, "<", ">", a line break) is percent-encoded too.
 */
function linkDestination(url: string): string {
  return url.replace(/[\s<>\\]/g, (character) => encodeURIComponent(character));
}
