import "server-only";
import { streamedDownload } from "@/lib/http/download";
import { badRequest } from "@/lib/http/errors";
import {
  EXPORT_FORMATS,
  EXPORT_WRITERS,
  exportFileName,
  isExportFormat,
  type ExportFormat,
} from "@/lib/export/formats";
import { exportPage } from "@/lib/export/queries";
import type { User } from "@/lib/generated/prisma/client";
import { localDateKey } from "@/lib/time/local-day";

// Streams every link of the user in an export format, newest first, read in keyset pages over
// (createdAt, id) so memory stays flat whatever the number of links.

const PAGE_SIZE = 1000;

export function exportStream(
  user: Pick<User, "id">,
  format: ExportFormat,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const writer = EXPORT_WRITERS[format];
  const encoder = new TextEncoder();
  let after: { createdAt: Date; id: string } | null = null;
  let index = 0;
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(writer.head(now)));
    },
    // One page per pull: the stream asks for more only as the client reads.
    async pull(controller) {
      if (finished) return;
      const rows = await exportPage(user.id, after, PAGE_SIZE);
      let text = "";
      for (const row of rows) {
        text += writer.link(row, index);
        index += 1;
      }
      const last = rows.at(-1);
      if (rows.length < PAGE_SIZE || !last) {
        finished = true;
        controller.enqueue(encoder.encode(text + writer.tail));
        controller.close();
        return;
      }
      after = { createdAt: last.createdAt, id: last.id };
      controller.enqueue(encoder.encode(text));
    },
  });
}

/** The download: 400 for a format we do not write, else the stream as an attachment named by today's date. */
export function exportResponse(user: Pick<User, "id" | "timezone">, format: string | null, now = new Date()): Response {
  if (!isExportFormat(format)) throw badRequest(`Unknown export format. Choose one of: ${EXPORT_FORMATS.join(", ")}.`);
  const fileName = exportFileName(format, localDateKey(user.timezone, now));
  return new Response(streamedDownload(exportStream(user, format, now), { kind: format, userId: user.id }), {
    headers: {
      "content-type": EXPORT_WRITERS[format].contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}
