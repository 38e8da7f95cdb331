// The image formats every EPUB reader must show (EPUB 3's core media types), told by their first
// bytes rather than by what a server called them. SVG is left out: it can carry scripts and links.

export type BookImageType = { mediaType: "image/png" | "image/jpeg" | "image/gif"; extension: string };

const SIGNATURES: { bytes: number[]; type: BookImageType }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { mediaType: "image/png", extension: "png" } },
  { bytes: [0xff, 0xd8, 0xff], type: { mediaType: "image/jpeg", extension: "jpg" } },
  { bytes: [0x47, 0x49, 0x46, 0x38], type: { mediaType: "image/gif", extension: "gif" } },
];

/** The core media type `bytes` are in, or null for anything else (WebP, SVG, HTML, ...). */
export function bookImageType(bytes: Uint8Array): BookImageType | null {
  const found = SIGNATURES.find(({ bytes: signature }) => signature.every((byte, index) => bytes[index] === byte));
  return found?.type ?? null;
}
