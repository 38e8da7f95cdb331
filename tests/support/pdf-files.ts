// Small PDF files written by hand for the tests: pages of text in a standard font, or a page that is
// only an image (as a scanned document's are). Each is a complete PDF 1.4 file with its
// cross-reference table, which pdf.js reads as it reads any other.

/** A PDF built from its objects (numbered from 1 in order; the first is the catalogue). */
function pdfOf(objects: string[], info?: string): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  const all = info === undefined ? objects : [...objects, info];
  all.forEach((body, index) => {
    offsets.push(offset);
    const part = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, "latin1");
    parts.push(part);
    offset += part.length;
  });
  const xref = [
    `xref\n0 ${all.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`),
    `trailer\n<< /Size ${all.length + 1} /Root 1 0 R${info === undefined ? "" : ` /Info ${all.length} 0 R`} >>\n`,
    `startxref\n${offset}\n%%EOF\n`,
  ].join("");
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

function stream(content: string | Buffer, dictionary = ""): string {
  const bytes = typeof content === "string" ? Buffer.from(content, "latin1") : content;
  return `<< ${dictionary} /Length ${bytes.length} >>\nstream\n${bytes.toString("latin1")}\nendstream`;
}

/** A PDF string literal: its parentheses and backslashes escaped. */
function literal(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A PDF whose pages hold `pages`' lines of text, 12 points in Helvetica on a 14-point leading, a
 * blank line between paragraphs (an empty string in the lines). `heading` is set in 24 points at the
 * top of the first page; `title` is the document's Info title.
 */
export function textPdf(pages: string[][], options: { title?: string; heading?: string } = {}): Buffer {
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const kids: number[] = [];
  pages.forEach((lines, index) => {
    let y = 760;
    const ops: string[] = [];
    if (index === 0 && options.heading) {
      ops.push(`BT /F1 24 Tf 72 ${y} Td ${literal(options.heading)} Tj ET`);
      y -= 48;
    }
    for (const line of lines) {
      if (line) ops.push(`BT /F1 12 Tf 72 ${y} Td ${literal(line)} Tj ET`);
      y -= line ? 14 : 24;
    }
    const contents = objects.push(stream(ops.join("\n")));
    kids.push(
      objects.push(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  return pdfOf(objects, options.title === undefined ? undefined : `<< /Title ${literal(options.title)} >>`);
}

/** A one-page PDF that is a single grey image, without any text: what a scanner makes. */
export function imageOnlyPdf(): Buffer {
  const side = 16;
  const pixels = Buffer.alloc(side * side, 0x80);
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>",
    stream(
      pixels,
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8`,
    ),
    stream("q 540 0 0 720 36 36 cm /Im1 Do Q"),
  ]);
}
