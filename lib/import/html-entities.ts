// The characters a bookmark file's text and double-quoted attributes must escape (the export
// writes them); reading them back is `entities`' decodeHTML and decodeHTMLAttribute.

export function encodeEntities(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
