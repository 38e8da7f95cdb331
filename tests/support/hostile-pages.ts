// Pages that once cost the article extractor its heap or minutes of CPU (decision 0300): used by
// the budget and pool tests, the crash test on the built app, and bench:reader.

const ORDINARY =
  "<p>The keeper climbed the spiral stair each night and wrote down what the sea had done, and the " +
  "log grew by a page for every storm that came in from the west.</p>";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1>
    ${body}</article></body></html>`;
}

/** The page of the security finding: a few ordinary paragraphs, then 60,000 of five inline elements (4.5 MB). */
export function manySmallElementsPage(): string {
  const tiny = Array.from(
    { length: 60_000 },
    (_, i) => `<p><a href="/x${i}">w${i}</a> <b>b</b><i>i</i><span>s</span><em>e</em></p>`,
  ).join("\n");
  return page("Many small things", `${ORDINARY.repeat(5)}${tiny}`);
}

/** Ordinary paragraphs up to about `megabytes` (a long article, not a hostile one in shape). */
export function bigPage(megabytes = 5): string {
  return page("A very long log", ORDINARY.repeat(Math.ceil((megabytes * 1024 * 1024) / ORDINARY.length)));
}

/** An ordinary article inside `depth` nested divs. */
export function deepPage(depth = 5_000): string {
  return page("Deep down", `${"<div>".repeat(depth)}${ORDINARY.repeat(20)}${"</div>".repeat(depth)}`);
}
