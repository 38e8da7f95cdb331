import "server-only";
import { randomUUID } from "node:crypto";
import { PassThrough, Transform, type Readable } from "node:stream";
import { ZipFile } from "yazl";
import { bookImageType } from "@/lib/epub/image-types";
import { BOOK_LIMITS, BookTooLargeError, type BookLimits } from "@/lib/epub/limits";
import {
  CONTAINER_XML,
  navigationPage,
  packageDocument,
  STYLE_CSS,
  xhtmlPage,
  type ManifestItem,
} from "@/lib/epub/package-files";
import { languageTag, parseArticle, textDirection } from "@/lib/epub/xhtml";
import { escapeXml } from "@/lib/text/escape-xml";
import type { FetchedImage } from "@/lib/unfurl/fetch-page";

// Writes an EPUB 3 book as a zip stream, one link at a time: a chapter is parsed, its images
// fetched and both handed to the zip only when the reader of the stream has taken the one before,
// so a 500-article book holds one chapter and its images in memory, not the book (decision 0340).
// The package document and the table of contents, which need every chapter's name, come last.

/** A stored article, as sanitised when it was extracted. */
export type BookArticle = {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  lang: string | null;
  dir: string | null;
  contentHtml: string;
};

export type BookLink = { url: string; title: string | null; notes: string | null; article: BookArticle | null };

export type BookOptions = {
  title: string;
  /** What the title page says the book holds ("3 unread links", ...). */
  description: string;
  now: Date;
  fetchImage: (url: string) => Promise<FetchedImage | null>;
  language?: string;
  identifier?: string;
  limits?: Partial<BookLimits>;
};

const ZIP_OPTIONS = { mtime: new Date(0), forceDosTimestamp: true };

class ImageBudget {
  private count = 0;
  private bytes = 0;
  private readonly deadline: number;

  constructor(private readonly limits: BookLimits) {
    this.deadline = Date.now() + limits.imageFetchMs;
  }

  get canFetch(): boolean {
    return (
      this.count < this.limits.imagesPerBook && this.bytes < this.limits.imageBytesPerBook && Date.now() < this.deadline
    );
  }

  take(size: number): boolean {
    if (this.count >= this.limits.imagesPerBook || this.bytes + size > this.limits.imageBytesPerBook) return false;
    this.count += 1;
    this.bytes += size;
    return true;
  }
}

type KeptImage = { href: string; mediaType: string };

/**
 * Fetches the article's images and hands each to the zip as soon as it arrives (`add` waits until the
 * stream's reader took what came before), so a build holds at most one image per fetcher, never the
 * article's images together. Returns what was kept (fetched, of a type every reader shows), by address.
 */
async function addImages(
  sources: string[],
  options: BookOptions,
  limits: BookLimits,
  budget: ImageBudget,
  add: (bytes: Buffer, href: string) => Promise<void>,
  nextName: () => string,
  stopped: () => boolean,
): Promise<Map<string, KeptImage>> {
  const wanted = [...new Set(sources)].slice(0, limits.imagesPerArticle);
  const kept = new Map<string, KeptImage>();
  let next = 0;
  const worker = async () => {
    // `stopped`: the stream ended (its reader went away) while this fetcher's last image was taken.
    while (next < wanted.length && budget.canFetch && !stopped()) {
      const src = wanted[next];
      next += 1;
      if (!src) continue;
      const image = await options.fetchImage(src);
      const type = image && image.bytes.length <= limits.bytesPerImage ? bookImageType(image.bytes) : null;
      if (!image || !type || !budget.take(image.bytes.length)) continue;
      const href = `images/${nextName()}.${type.extension}`;
      await add(image.bytes, href);
      kept.set(src, { href, mediaType: type.mediaType });
    }
  };
  await Promise.all(Array.from({ length: limits.imageFetchConcurrency }, worker));
  return kept;
}

function linkTitle(link: BookLink): string {
  return (link.title ?? link.article?.title ?? "").trim() || link.url;
}

/** The link's address as a URI (a stored address may hold characters a URI must escape), or null. */
function hrefOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

function chapterBody(link: BookLink, articleXhtml: string | null): string {
  const title = linkTitle(link);
  const href = hrefOf(link.url);
  const source = link.article?.siteName ?? (href ? new URL(href).hostname : link.url);
  const byline = link.article?.byline ? `${escapeXml(link.article.byline)} · ` : "";
  const notes = link.notes ? `<p class="note">${escapeXml(link.notes)}</p>\n` : "";
  const anchor = (text: string) => (href ? `<a href="${escapeXml(href)}">${escapeXml(text)}</a>` : escapeXml(text));
  const header = `<h1>${escapeXml(title)}</h1>\n<p class="source">${byline}${anchor(source)}</p>\n${notes}`;
  const body =
    articleXhtml ?? `<p>LinkStash has no text of this page to put in the book. Open it at ${anchor(link.url)}.</p>`;
  return `<section epub:type="chapter">\n${header}<div>${body}</div>\n</section>`;
}

function titleBody(options: BookOptions, count: number): string {
  const made = options.now.toISOString().slice(0, 10);
  return (
    `<section epub:type="titlepage">\n<h1>${escapeXml(options.title)}</h1>\n` +
    `<p>${escapeXml(options.description)}: ${count} ${count === 1 ? "link" : "links"}.</p>\n` +
    `<p>Made by LinkStash on ${made}.</p>\n</section>`
  );
}

/** The EPUB of `links` as a zip stream; it fails with BookTooLargeError past the size limit. */
export function buildEpub(links: AsyncIterable<BookLink>, options: BookOptions): Readable {
  const limits = { ...BOOK_LIMITS, ...options.limits };
  const language = languageTag(options.language) ?? "en";
  const zip = new ZipFile();
  let written = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      if (written > limits.bookBytes) callback(new BookTooLargeError(limits.bookBytes));
      else callback(null, chunk);
    },
  });
  zip.outputStream.on("error", (error) => counted.destroy(error));
  zip.outputStream.pipe(counted);

  // Resolves once the zip has read the entry, that is once the stream's reader took what came before;
  // rejects when the reader went away (the stream closed) before. Image fetchers add at once.
  const waiting = new Set<(error: Error) => void>();
  counted.on("close", () => {
    for (const reject of waiting) reject(new Error("The book's reader went away."));
  });
  const add = (data: string | Buffer, path: string, compress = true) =>
    new Promise<void>((resolve, reject) => {
      if (counted.destroyed) return reject(new Error("The book's reader went away."));
      waiting.add(reject);
      const entry = new PassThrough();
      entry.on("end", () => {
        waiting.delete(reject);
        resolve();
      });
      zip.addReadStream(entry, path, { ...ZIP_OPTIONS, compress });
      entry.end(data);
    });

  const produce = async () => {
    // First and stored, so a reader can tell the file's type from its first bytes (EPUB's rule).
    zip.addBuffer(Buffer.from("application/epub+zip"), "mimetype", { ...ZIP_OPTIONS, compress: false });
    zip.addBuffer(Buffer.from(CONTAINER_XML), "META-INF/container.xml", ZIP_OPTIONS);
    zip.addBuffer(Buffer.from(STYLE_CSS), "OEBPS/style.css", ZIP_OPTIONS);
    const items: ManifestItem[] = [
      { id: "nav", href: "nav.xhtml", mediaType: "application/xhtml+xml", properties: "nav" },
      { id: "style", href: "style.css", mediaType: "text/css" },
      { id: "title-page", href: "title.xhtml", mediaType: "application/xhtml+xml" },
    ];
    const entries: { href: string; title: string }[] = [{ href: "title.xhtml", title: options.title }];
    const budget = new ImageBudget(limits);
    let imageNumber = 0;
    const nextImageName = () => {
      imageNumber += 1;
      return `i${imageNumber}`;
    };
    let count = 0;
    for await (const link of links) {
      count += 1;
      const name = `c${count}`;
      const parsed = link.article ? parseArticle(link.article.contentHtml) : null;
      const addImage = async (bytes: Buffer, href: string) => {
        await add(bytes, `OEBPS/${href}`, false);
      };
      const images = parsed
        ? await addImages(parsed.images, options, limits, budget, addImage, nextImageName, () => counted.destroyed)
        : new Map<string, KeptImage>();
      // Images sit in OEBPS/images/, chapters in OEBPS/text/.
      const articleXhtml = parsed?.toXhtml((src) => {
        const image = images.get(src);
        return image ? `../${image.href}` : null;
      });
      for (const image of images.values())
        items.push({ id: image.href.replace(/^images\/|\.\w+$/g, ""), href: image.href, mediaType: image.mediaType });
      const chapterLanguage = languageTag(link.article?.lang) ?? language;
      const page = xhtmlPage({
        title: linkTitle(link),
        language: chapterLanguage,
        dir: textDirection(link.article?.dir),
        stylesheet: "../style.css",
        body: chapterBody(link, articleXhtml ?? null),
      });
      items.push({ id: name, href: `text/${name}.xhtml`, mediaType: "application/xhtml+xml" });
      entries.push({ href: `text/${name}.xhtml`, title: linkTitle(link) });
      await add(page, `OEBPS/text/${name}.xhtml`);
    }
    const titlePage = xhtmlPage({
      title: options.title,
      language,
      stylesheet: "style.css",
      body: titleBody(options, count),
    });
    zip.addBuffer(Buffer.from(titlePage), "OEBPS/title.xhtml", ZIP_OPTIONS);
    zip.addBuffer(
      Buffer.from(navigationPage({ title: options.title, language, entries })),
      "OEBPS/nav.xhtml",
      ZIP_OPTIONS,
    );
    const spine = [
      "title-page",
      "nav",
      ...items.filter((item) => item.href.startsWith("text/")).map((item) => item.id),
    ];
    const opf = packageDocument({
      identifier: options.identifier ?? `urn:uuid:${randomUUID()}`,
      title: options.title,
      language,
      now: options.now,
      items,
      spine,
    });
    zip.addBuffer(Buffer.from(opf), "OEBPS/content.opf", ZIP_OPTIONS);
    zip.end();
  };
  produce().catch((error: unknown) => counted.destroy(error instanceof Error ? error : new Error(String(error))));
  return counted;
}

/** The whole book in memory, for a mail: null when it would be longer than `maxBytes`. */
export async function epubBuffer(book: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of book) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > maxBytes) {
      book.destroy();
      return null;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}
