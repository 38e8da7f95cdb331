import { parseHTML } from "linkedom";
import { escapeXml } from "@/lib/text/escape-xml";

// A stored article (HTML that passed lib/articles/sanitize.mjs) as the body of an EPUB chapter:
// well-formed XHTML that also keeps HTML's content models, since EPUB checkers validate both.
// Every tag is written from the sanitiser's allow-list, every attribute from a short list with its
// value checked, every text escaped; what a content model forbids where it stands (a list inside a
// paragraph, a row outside a table) keeps its text under an element allowed there.

const LANGUAGE_TAG = /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i;

/** A language tag as HTML's `lang` takes it, or null. */
export function languageTag(value: string | null | undefined): string | null {
  const tag = value?.trim() ?? "";
  return LANGUAGE_TAG.test(tag) ? tag : null;
}

export function textDirection(value: string | null | undefined): "ltr" | "rtl" | null {
  return value === "rtl" || value === "ltr" ? value : null;
}

const PHRASING = new Set(
  "a abbr b br cite code del dfn em i img ins kbd mark q s samp small span strong sub sup time u var".split(" "),
);
/** Elements whose children must be phrasing content. */
const PHRASING_PARENTS = new Set(
  "p h1 h2 h3 h4 h5 h6 pre span em strong b i u s small mark abbr cite code dfn kbd q samp sub sup var time dt th summary".split(
    " ",
  ),
);
const TRANSPARENT = new Set(["a", "ins", "del"]);
const KNOWN = new Set([
  ...PHRASING,
  ..."p hr h1 h2 h3 h4 h5 h6 blockquote pre ul ol li dl dt dd figure figcaption div section article".split(" "),
  ..."header footer aside details summary table thead tbody tfoot tr th td caption".split(" "),
]);
/** Elements that stand only inside a given parent; elsewhere they become a div (or a span). */
const PLACED = new Set("li dt dd tr td th thead tbody tfoot caption figcaption summary".split(" "));

type Context = { phrasing: boolean; inLink: boolean; inHeaderOrFooter: boolean; idsSeen: Set<string> };

export type ImageResolver = (src: string) => string | null;

type DomNode = {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  localName?: string;
  getAttribute?: (name: string) => string | null;
};

function childrenOf(node: DomNode): DomNode[] {
  return Array.from(node.childNodes);
}

function elements(node: DomNode): DomNode[] {
  return childrenOf(node).filter((child) => child.nodeType === 1);
}

function nameOf(node: DomNode): string {
  return node.localName?.toLowerCase() ?? "";
}

function attr(node: DomNode, name: string): string | null {
  return node.getAttribute?.(name) ?? null;
}

const isBlankText = (node: DomNode) => node.nodeType === 3 && !(node.textContent ?? "").trim();

const node0: DomNode = { nodeType: 0, textContent: null, childNodes: [] };

/** Children that count: not comments, not white space. */
function significant(nodes: DomNode[]): DomNode[] {
  return nodes.filter((child) => child.nodeType !== 8 && !isBlankText(child));
}

/** A run of groups, each of terms then descriptions, as HTML wants a dl's children. */
function isDefinitionList(nodes: DomNode[]): boolean {
  const pattern = significant(nodes)
    .map((child) => ({ dt: "t", dd: "d" })[nameOf(child)] ?? "x")
    .join("");
  return /^(t+d+)*$/.test(pattern);
}

const POSITIVE = /^[1-9][0-9]{0,3}$/;
const NON_NEGATIVE = /^[0-9]{1,5}$/;
const ID = /^[A-Za-z_][\w.-]{0,100}$/;

class Writer {
  constructor(
    private readonly resolveImage: ImageResolver,
    private readonly ids: Set<string>,
  ) {}

  private commonAttributes(node: DomNode, context: Context): string {
    let out = "";
    const lang = languageTag(attr(node, "lang"));
    if (lang) out += ` lang="${escapeXml(lang)}" xml:lang="${escapeXml(lang)}"`;
    const dir = textDirection(attr(node, "dir"));
    if (dir) out += ` dir="${dir}"`;
    const title = attr(node, "title");
    if (title) out += ` title="${escapeXml(title)}"`;
    const id = attr(node, "id");
    if (id && ID.test(id) && !context.idsSeen.has(id)) {
      context.idsSeen.add(id);
      out += ` id="${id}"`;
    }
    return out;
  }

  private ownAttributes(node: DomNode, name: string): string {
    const value = (attribute: string, pattern: RegExp) => {
      const found = attr(node, attribute)?.trim() ?? "";
      return pattern.test(found) ? ` ${attribute}="${found}"` : "";
    };
    switch (name) {
      case "td":
      case "th":
        return (
          value("colspan", POSITIVE) +
          value("rowspan", NON_NEGATIVE) +
          (name === "th" ? value("scope", /^(row|col|rowgroup|colgroup)$/) : "")
        );
      case "ol":
        return value("start", /^-?[0-9]{1,9}$/) + (attr(node, "reversed") !== null ? ' reversed="reversed"' : "");
      default:
        return "";
    }
  }

  private link(node: DomNode): string {
    const href = attr(node, "href") ?? "";
    if (href.startsWith("#")) return this.ids.has(href.slice(1)) ? ` href="${escapeXml(href)}"` : "";
    if (!/^(https?|mailto):/i.test(href)) return "";
    // As a URI: the sanitiser resolved it with URL, but a checker wants every character escaped.
    try {
      return ` href="${escapeXml(new URL(href).href)}"`;
    } catch {
      return "";
    }
  }

  private image(node: DomNode, context: Context): string {
    const alt = attr(node, "alt") ?? "";
    const src = attr(node, "src");
    const local = src ? this.resolveImage(src) : null;
    // Not in the book (not fetched, or past the book's limits): its description, marked as a
    // picture's so the sentence around it still reads; a decorative one (no alt) leaves nothing.
    if (!local) return alt.trim() === "" ? "" : escapeXml(`[Image: ${alt.trim()}]`);
    const size = ["width", "height"]
      .map((name) => {
        const found = attr(node, name)?.trim() ?? "";
        return NON_NEGATIVE.test(found) ? ` ${name}="${found}"` : "";
      })
      .join("");
    return `<img src="${escapeXml(local)}" alt="${escapeXml(alt)}"${size}${this.commonAttributes(node, context)}/>`;
  }

  children(nodes: DomNode[], context: Context): string {
    return nodes.map((node) => this.node(node, context)).join("");
  }

  node(node: DomNode, context: Context): string {
    if (node.nodeType === 3) return escapeXml(node.textContent ?? "");
    if (node.nodeType !== 1) return "";
    const name = nameOf(node);
    // A formula's source (TeX) is for programs; a book keeps the formula's own text.
    if (name === "annotation") return "";
    if (!KNOWN.has(name)) return this.children(childrenOf(node), context);
    if (name === "img") return this.image(node, context);
    if (name === "br") return "<br/>";
    if (name === "hr") return context.phrasing ? "" : "<hr/>";
    return this.element(node, name, context);
  }

  /** `name` as written here: a span or div where the element itself may not stand. */
  private placedName(node: DomNode, name: string, context: Context): string {
    if (context.phrasing && !PHRASING.has(name)) return "span";
    if (name === "dl" && !isDefinitionList(childrenOf(node))) return "div";
    if (name === "time") return "span";
    if (name === "a" && context.inLink) return "span";
    if ((name === "header" || name === "footer") && context.inHeaderOrFooter) return "div";
    if (PLACED.has(name)) return "div";
    return name;
  }

  private element(node: DomNode, name: string, context: Context): string {
    return this.write(node, this.placedName(node, name, context), context);
  }

  /** Writes `node` as the element `name`, whose place has been checked. */
  write(node: DomNode, name: string, context: Context): string {
    const inner: Context = {
      ...context,
      phrasing: context.phrasing || PHRASING_PARENTS.has(name) || (!TRANSPARENT.has(name) && PHRASING.has(name)),
      inLink: context.inLink || name === "a",
      inHeaderOrFooter: context.inHeaderOrFooter || name === "header" || name === "footer",
    };
    const open = `<${name}${name === "a" ? this.link(node) : ""}${this.ownAttributes(node, name)}${this.commonAttributes(node, context)}`;
    const body = this.content(node, name, inner);
    return `${open}>${body}</${name}>`;
  }

  private wrapped(nodes: DomNode[], wrapper: string, context: Context): string {
    const inner = this.children(nodes, context);
    return inner.trim() ? `<${wrapper}>${inner}</${wrapper}>` : "";
  }

  /** Children of elements whose children are restricted (lists, tables, figures, details). */
  private content(node: DomNode, name: string, context: Context): string {
    const nodes = childrenOf(node);
    switch (name) {
      case "ul":
      case "ol":
        return this.only(nodes, new Set(["li"]), "li", context);
      case "dl":
        return this.definitionList(nodes, context);
      case "tr":
        return this.only(nodes, new Set(["td", "th"]), "td", context);
      case "thead":
      case "tbody":
      case "tfoot":
        return this.rows(nodes, context);
      case "table":
        return this.table(nodes, context);
      case "figure":
        return this.figure(nodes, context);
      case "details":
        return this.details(nodes, context);
      default:
        return this.children(nodes, context);
    }
  }

  /** Children of `allowed` names kept as they are; runs of anything else wrapped in `wrapper`. */
  private only(nodes: DomNode[], allowed: Set<string>, wrapper: string, context: Context): string {
    let out = "";
    let run: DomNode[] = [];
    const flush = () => {
      out += this.wrapped(run, wrapper, { ...context, phrasing: false });
      run = [];
    };
    for (const child of nodes) {
      if (child.nodeType === 1 && allowed.has(nameOf(child))) {
        flush();
        out += this.write(child, nameOf(child), context);
      } else if (!isBlankText(child) && child.nodeType !== 8) run.push(child);
    }
    flush();
    return out;
  }

  private rows(nodes: DomNode[], context: Context): string {
    let out = "";
    for (const child of nodes) {
      if (child.nodeType === 1 && nameOf(child) === "tr") out += this.write(child, "tr", context);
      else if (!isBlankText(child) && child.nodeType !== 8) {
        const cell = this.wrapped([child], "td", context);
        if (cell) out += `<tr>${cell}</tr>`;
      }
    }
    return out;
  }

  // Written as caption, head and one body: HTML does not allow rows beside row groups.
  private table(nodes: DomNode[], context: Context): string {
    const children = significant(nodes);
    let out = "";
    const first = children[0];
    if (first && nameOf(first) === "caption") {
      out += this.write(first, "caption", context);
      children.shift();
    }
    const head = children[0];
    if (head && nameOf(head) === "thead") {
      out += `<thead>${this.rows(childrenOf(head), context)}</thead>`;
      children.shift();
    }
    const bodyRows: DomNode[] = [];
    for (const child of children) {
      const name = nameOf(child);
      if (name === "tbody" || name === "thead" || name === "tfoot") bodyRows.push(...childrenOf(child));
      else bodyRows.push(child);
    }
    const rows = this.rows(bodyRows, context);
    return out + (rows ? `<tbody>${rows}</tbody>` : "");
  }

  // Only written as a list when its terms and descriptions follow each other (placedName).
  private definitionList(nodes: DomNode[], context: Context): string {
    return significant(nodes)
      .map((child) => this.write(child, nameOf(child), context))
      .join("");
  }

  private figure(nodes: DomNode[], context: Context): string {
    const children = significant(nodes);
    const last = children.length - 1;
    const isCaption = (index: number) => nameOf(children[index] ?? node0) === "figcaption";
    const captionAt = isCaption(0) ? 0 : isCaption(last) ? last : -1;
    return children
      .map((child, index) =>
        index === captionAt ? this.write(child, "figcaption", context) : this.node(child, context),
      )
      .join("");
  }

  private details(nodes: DomNode[], context: Context): string {
    const children = significant(nodes);
    return children
      .map((child, index) =>
        index === 0 && nameOf(child) === "summary" ? this.write(child, "summary", context) : this.node(child, context),
      )
      .join("");
  }
}

function parse(html: string): DomNode {
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`);
  return document.body;
}

function collectIds(node: DomNode, ids: Set<string>): void {
  for (const child of elements(node)) {
    const id = attr(child, "id");
    if (id && ID.test(id)) ids.add(id);
    collectIds(child, ids);
  }
}

function collectImages(node: DomNode, into: string[]): void {
  for (const child of elements(node)) {
    const src = nameOf(child) === "img" ? attr(child, "src") : null;
    if (src) into.push(src);
    collectImages(child, into);
  }
}

/** A parsed article: the image addresses it shows, in order, and its XHTML once they are resolved. */
export type ParsedArticle = { images: string[]; toXhtml: (resolveImage: ImageResolver) => string };

export function parseArticle(html: string): ParsedArticle {
  const body = parse(html);
  const images: string[] = [];
  collectImages(body, images);
  return {
    images,
    toXhtml: (resolveImage) => {
      const ids = new Set<string>();
      collectIds(body, ids);
      const writer = new Writer(resolveImage, ids);
      return writer.children(childrenOf(body), {
        phrasing: false,
        inLink: false,
        inHeaderOrFooter: false,
        idsSeen: new Set(),
      });
    },
  };
}
