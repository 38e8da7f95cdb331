import type { HighlightColorName } from "@/lib/highlights/rules";

// The reader's article as text offsets and back, and painting highlights into it as <mark> elements.
// Offsets count the characters of the article's text nodes in document order (its textContent), so
// they match what lib/highlights/anchor.ts anchors in.

const MARK_ATTRIBUTE = "data-highlight-id";

/** Tailwind classes per colour: dark text on a light tint, light text on a deep one in the dark theme. */
export const MARK_CLASSES: Record<HighlightColorName, string> = {
  yellow: "bg-yellow-200 text-black dark:bg-yellow-800 dark:text-white",
  green: "bg-green-200 text-black dark:bg-green-800 dark:text-white",
  blue: "bg-sky-200 text-black dark:bg-sky-800 dark:text-white",
  pink: "bg-pink-200 text-black dark:bg-pink-800 dark:text-white",
  purple: "bg-violet-200 text-black dark:bg-violet-800 dark:text-white",
};

/** The swatch shown on the colour buttons and in the list. */
export const SWATCH_CLASSES: Record<HighlightColorName, string> = {
  yellow: "bg-yellow-300",
  green: "bg-green-300",
  blue: "bg-sky-300",
  pink: "bg-pink-300",
  purple: "bg-violet-300",
};

function textNodes(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node instanceof Text) nodes.push(node);
  return nodes;
}

/** The offset in `root`'s text of a boundary point (a Range's start or end). */
export function textOffset(root: Node, container: Node, offset: number): number {
  const before = document.createRange();
  before.setStart(root, 0);
  before.setEnd(container, offset);
  return before.toString().length;
}

/** The selection's offsets in `root`'s text, or null when it is empty or not wholly inside it. */
export function selectionOffsets(
  root: HTMLElement,
  selection: Selection | null,
): { start: number; end: number } | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const start = textOffset(root, range.startContainer, range.startOffset);
  const end = textOffset(root, range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}

/** Removes every painted highlight, leaving the article's text nodes as they were. */
export function clearMarks(root: HTMLElement): void {
  for (const mark of root.querySelectorAll(`mark[${MARK_ATTRIBUTE}]`)) {
    mark.replaceWith(...mark.childNodes);
  }
  root.normalize();
}

/**
 * Wraps the text in [start, end) in <mark> elements, one per text node it spans (a highlight may
 * cross paragraphs and links). Returns the marks, first to last.
 */
export function paintRange(
  root: HTMLElement,
  start: number,
  end: number,
  id: string,
  color: HighlightColorName,
  label: string,
): HTMLElement[] {
  const marks: HTMLElement[] = [];
  let at = 0;
  for (const node of textNodes(root)) {
    const length = node.data.length;
    const from = Math.max(start, at);
    const to = Math.min(end, at + length);
    if (from < to && node.parentNode) {
      let target = node;
      if (from > at) target = target.splitText(from - at);
      if (to < at + length) target.splitText(to - from);
      const mark = document.createElement("mark");
      mark.setAttribute(MARK_ATTRIBUTE, id);
      mark.className = `rounded-sm cursor-pointer ${MARK_CLASSES[color]}`;
      mark.title = label;
      target.replaceWith(mark);
      mark.append(target);
      marks.push(mark);
    }
    at += length;
    if (at >= end) break;
  }
  return marks;
}

/** The highlight a click landed on, if any. */
export function highlightIdAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  return target.closest(`mark[${MARK_ATTRIBUTE}]`)?.getAttribute(MARK_ATTRIBUTE) ?? null;
}

/** The first mark of a highlight, to scroll to. */
export function firstMark(root: HTMLElement, id: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`mark[${MARK_ATTRIBUTE}="${CSS.escape(id)}"]`);
}
