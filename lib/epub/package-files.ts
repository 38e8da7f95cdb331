import { escapeXml } from "@/lib/text/escape-xml";

// The fixed parts of an EPUB 3 book: the container file, the package document (metadata, manifest,
// spine), the navigation document, the title page, the style sheet and the page around a chapter.

export const CONTAINER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

export const STYLE_CSS = `body { font-family: serif; line-height: 1.5; margin: 0 0.5em; }
h1 { font-size: 1.4em; line-height: 1.25; margin: 0 0 0.4em; }
.source { font-size: 0.85em; margin: 0 0 1.5em; }
.note { font-style: italic; }
img { max-width: 100%; height: auto; }
pre { white-space: pre-wrap; }
table { border-collapse: collapse; }
td, th { border: 1px solid #999; padding: 0.2em 0.4em; }
`;

export type ManifestItem = { id: string; href: string; mediaType: string; properties?: string };

/** dcterms:modified wants seconds and a Z, nothing finer. */
export function modifiedStamp(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

export function packageDocument(book: {
  identifier: string;
  title: string;
  language: string;
  now: Date;
  items: ManifestItem[];
  spine: string[];
}): string {
  const items = book.items
    .map(
      (item) =>
        `    <item id="${item.id}" href="${escapeXml(item.href)}" media-type="${item.mediaType}"${item.properties ? ` properties="${item.properties}"` : ""}/>`,
    )
    .join("\n");
  const spine = book.spine.map((id) => `    <itemref idref="${id}"/>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${book.language}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${escapeXml(book.identifier)}</dc:identifier>
    <dc:title>${escapeXml(book.title)}</dc:title>
    <dc:language>${book.language}</dc:language>
    <dc:publisher>LinkStash</dc:publisher>
    <meta property="dcterms:modified">${modifiedStamp(book.now)}</meta>
  </metadata>
  <manifest>
${items}
  </manifest>
  <spine>
${spine}
  </spine>
</package>
`;
}

/** An XHTML page: `head` title, the language and direction, `body` already XHTML. */
export function xhtmlPage(page: {
  title: string;
  language: string;
  dir?: "ltr" | "rtl" | null;
  stylesheet: string;
  body: string;
}): string {
  const dir = page.dir ? ` dir="${page.dir}"` : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${page.language}" xml:lang="${page.language}"${dir}>
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(page.title)}</title>
<link rel="stylesheet" type="text/css" href="${page.stylesheet}"/>
</head>
<body>
${page.body}
</body>
</html>
`;
}

export function navigationPage(book: { title: string; language: string; entries: { href: string; title: string }[] }) {
  const entries = book.entries
    .map((entry) => `<li><a href="${escapeXml(entry.href)}">${escapeXml(entry.title)}</a></li>`)
    .join("\n");
  return xhtmlPage({
    title: book.title,
    language: book.language,
    stylesheet: "style.css",
    body: `<nav epub:type="toc" id="toc">\n<h1>Contents</h1>\n<ol>\n${entries}\n</ol>\n</nav>`,
  });
}
