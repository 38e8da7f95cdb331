// Text as XML character data or a quoted attribute value (an EPUB's pages, an Atom feed): the
// characters XML cannot hold at all are dropped, the five that mean markup are escaped.

const XML_UNSAFE = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` safe as XML character data or a quoted attribute value. */
export function escapeXml(text: string): string {
  return text
    .replace(XML_UNSAFE, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
