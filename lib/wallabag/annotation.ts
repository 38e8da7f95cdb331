import { parseHTML } from "linkedom";
import { anchorExactly, anchorHighlight, describeRange, type Selectors } from "@/lib/highlights/anchor";
import { type EntryAnnotation, wallabagDate } from "@/lib/wallabag/entry";

// wallabag's annotations (annotator.js's shape) as LinkStash's highlights (decision 0412). Pure.
// annotator.js names a passage by ranges: the XPath of the element holding its first character,
// relative to the element the article is shown in ("/p[2]/em[1]": lower-cased names, 1-based
// positions among same-named siblings; "" is that element itself), with an offset into that
// element's text, and the same for its end. A highlight keeps the passage's words and context and
// its offsets in the article's text (decision 0336). Both count the characters of the article's
// text nodes in order, so the one converts into the other through the stored article's HTML: the
// `content` every app shows, inside the element its annotator is given.

export type AnnotationRange = { start: string; startOffset: number; end: string; endOffset: number };

/** A stored article as annotator.js sees it: its text, and where each element's text starts and ends. */
export type ArticleText = {
  text: string;
  /** Each text node: where it starts in the text, its length, and its parent element's XPath. */
  nodes: { start: number; length: number; parent: string }[];
  /** Each element's XPath → [start, end) of its text. */
  elements: Map<string, { start: number; end: number }>;
};

type DomNode = { nodeType: number; nodeValue: string | null; localName?: string; childNodes: ArrayLike<DomNode> };

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

/** The article's HTML read as a browser shows it inside an element. */
export function articleText(html: string): ArticleText {
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`);
  const model: ArticleText = { text: "", nodes: [], elements: new Map() };
  const parts: string[] = [];
  let length = 0;
  const walk = (element: DomNode, path: string) => {
    const start = length;
    const seen = new Map<string, number>();
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === TEXT || child.nodeType === CDATA) {
        const value = child.nodeValue ?? "";
        if (value.length === 0) continue;
        model.nodes.push({ start: length, length: value.length, parent: path });
        parts.push(value);
        length += value.length;
      } else if (child.nodeType === ELEMENT) {
        const name = (child.localName ?? "").toLowerCase();
        const index = (seen.get(name) ?? 0) + 1;
        seen.set(name, index);
        walk(child, `${path}/${name}[${index}]`);
      }
    }
    model.elements.set(path, { start, end: length });
  };
  walk(document.body, "");
  model.text = parts.join("");
  return model;
}

/** An XPath as annotator.js writes it, in the form articleText keys it ("/p/em" is "/p[1]/em[1]"). */
function normalizedPath(path: string): string {
  return path
    .trim()
    .split("/")
    .filter((step) => step !== "")
    .map((step) => {
      const match = /^([^[\]]+)(?:\[(\d+)\])?$/.exec(step);
      return match ? `/${(match[1] ?? "").toLowerCase()}[${match[2] ?? "1"}]` : `/${step}`;
    })
    .join("");
}

/** Where the ranges start and end in the article's text; null when they do not fit it. */
export function rangesToOffsets(
  article: ArticleText,
  ranges: readonly AnnotationRange[],
): { start: number; end: number } | null {
  const first = ranges[0];
  const last = ranges.at(-1);
  if (!first || !last) return null;
  const at = (path: string, offset: number) => {
    const element = article.elements.get(normalizedPath(path));
    if (!element || offset < 0 || element.start + offset > element.end) return null;
    return element.start + offset;
  };
  const start = at(first.start, first.startOffset);
  const end = at(last.end, last.endOffset);
  return start !== null && end !== null && start < end ? { start, end } : null;
}

/** The text node holding the character at `offset`. */
function nodeAt(article: ArticleText, offset: number) {
  return article.nodes.find((node) => node.start <= offset && offset < node.start + node.length);
}

/** The range annotator.js would write for text[start, end): each end named by its text node's parent element. */
export function offsetsToRanges(article: ArticleText, start: number, end: number): AnnotationRange[] {
  if (start < 0 || end > article.text.length || start >= end) return [];
  const first = nodeAt(article, start);
  const last = nodeAt(article, end - 1);
  const firstElement = first && article.elements.get(first.parent);
  const lastElement = last && article.elements.get(last.parent);
  if (!first || !last || !firstElement || !lastElement) return [];
  return [
    {
      start: first.parent,
      startOffset: start - firstElement.start,
      end: last.parent,
      endOffset: end - lastElement.start,
    },
  ];
}

/**
 * The selectors of a highlight for an annotation an app made: the passage found by its quote (the
 * occurrence nearest where its ranges point), with the context around it; an empty quote is the
 * text its ranges cover. Null when there is no passage to keep (no quote, and ranges that do not
 * fit the article).
 */
export function selectorsOfAnnotation(
  article: ArticleText | null,
  sent: { quote: string; ranges: readonly AnnotationRange[] },
): Selectors | null {
  const placed = article ? rangesToOffsets(article, sent.ranges) : null;
  const quote =
    sent.quote.trim() !== "" ? sent.quote : placed && article ? article.text.slice(placed.start, placed.end) : "";
  if (quote.trim() === "") return null;
  const near = { quote, prefix: "", suffix: "", start: placed?.start ?? null, end: placed?.end ?? null };
  const anchor = article ? anchorHighlight(article.text, near) : null;
  if (!article || !anchor) return near;
  return { ...describeRange(article.text, anchor.start, anchor.end), quote };
}

/**
 * A highlight's ranges in the article: where its offsets are when the quote is still there, else
 * the quote's best exact occurrence (no approximate search: lists hold many); none when the
 * article no longer has it.
 */
export function rangesOfHighlight(article: ArticleText | null, highlight: Selectors): AnnotationRange[] {
  if (!article) return [];
  const { start, end, quote } = highlight;
  if (start !== null && end !== null && article.text.slice(start, end) === quote)
    return offsetsToRanges(article, start, end);
  const anchor = anchorExactly(article.text, highlight);
  return anchor ? offsetsToRanges(article, anchor.start, anchor.end) : [];
}

export type AnnotatedHighlight = Selectors & {
  serial: number;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A highlight as wallabag answers an annotation; `user` is the owner's name, as wallabag's. */
export function toAnnotation(
  highlight: AnnotatedHighlight,
  userName: string,
  article: ArticleText | null,
): EntryAnnotation {
  return {
    id: highlight.serial,
    text: highlight.note ?? "",
    created_at: wallabagDate(highlight.createdAt),
    updated_at: wallabagDate(highlight.updatedAt),
    quote: highlight.quote,
    ranges: rangesOfHighlight(article, highlight),
    user: userName,
    annotator_schema_version: "v1.0",
  };
}
