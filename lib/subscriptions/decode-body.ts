// A fetched feed's bytes as text, in the character set it says it is in: the Content-Type's
// charset first (HTTP overrides the document, RFC 7303), then a byte-order mark, then the XML
// declaration's encoding, else UTF-8. An unknown name falls back to UTF-8 rather than failing:
// a feed with a wrong label is still mostly readable.

/** The charset parameter of a Content-Type header, if any. */
export function charsetOf(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return match?.[1] ?? null;
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

/** The encoding named by an XML declaration at the start of the bytes (read as ASCII). */
function declaredCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 256));
  const match = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return match?.[1] ?? null;
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

export function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  const decoder =
    decoderFor(charsetOf(contentType)) ??
    decoderFor(bomCharset(bytes)) ??
    decoderFor(declaredCharset(bytes)) ??
    new TextDecoder("utf-8");
  return decoder.decode(bytes);
}
