// The reader's text as Listen sees it: its paragraphs (the innermost blocks that hold text) and the
// marking of the sentence being read, with the CSS Custom Highlight API where the browser has it
// and an outline around the paragraph where it does not.

const BLOCKS = "p, h1, h2, h3, h4, h5, h6, li, blockquote, pre, figcaption, dt, dd, td, th";
const HIGHLIGHT = "listen-sentence";
const PARAGRAPH_MARK = "data-listen-current";

/** The paragraphs to read: blocks with text and no block inside them, in document order. */
export function readerParagraphs(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(BLOCKS)).filter(
    (element) => element.querySelector(BLOCKS) === null && (element.textContent ?? "").trim() !== "",
  );
}

/** A range over characters [start, end) of the element's text (its textContent). */
function textRange(element: HTMLElement, start: number, end: number): Range {
  const range = document.createRange();
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let offset = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!started && start <= offset + length) {
      range.setStart(node, start - offset);
      started = true;
    }
    if (started && end <= offset + length) {
      range.setEnd(node, end - offset);
      return range;
    }
    offset += length;
  }
  range.selectNodeContents(element);
  return range;
}

export function markSentence(element: HTMLElement, start: number, end: number): void {
  clearMark();
  if (typeof CSS !== "undefined" && "highlights" in CSS) {
    CSS.highlights.set(HIGHLIGHT, new Highlight(textRange(element, start, end)));
  } else {
    element.setAttribute(PARAGRAPH_MARK, "");
  }
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: "center" });
}

export function clearMark(): void {
  if (typeof CSS !== "undefined" && "highlights" in CSS) CSS.highlights.delete(HIGHLIGHT);
  for (const marked of document.querySelectorAll(`[${PARAGRAPH_MARK}]`)) marked.removeAttribute(PARAGRAPH_MARK);
}
