import type { ExportedHighlight } from "@/lib/highlights/exported";

// The Markdown export of highlights: one section per link that has any, each passage a block quote
// with its note under it. Pure.

/** Text shown inside a Markdown link's brackets: the characters that would end or escape it, escaped. */
function linkText(text: string): string {
  return text.replace(/[\\[\]]/g, (character) => `\\${character}`).replace(/\s+/g, " ");
}

function quoteBlock(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.trim() === "" ? ">" : `> ${line}`))
    .join("\n");
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
  // Stored addresses are percent-encoded: no space or ">" can end the <…> destination early.
  const lines = [`\n## [${linkText(link.title ?? link.url)}](<${link.url}>)\n`];
  for (const highlight of highlights) {
    lines.push(quoteBlock(highlight.quote), "");
    if (highlight.note) lines.push(`Note: ${highlight.note.trim()}`, "");
  }
  return lines.join("\n");
}
