import "server-only";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

// An upload written to a temporary file, for a format read from its end (a ZIP's directory): the
// bytes go to disk as they arrive, so memory holds one chunk whatever the size.

export type SpooledFile = { path: string; remove: () => Promise<void> };

export async function spoolToTempFile(chunks: AsyncIterable<Uint8Array>): Promise<SpooledFile> {
  const dir = await mkdtemp(path.join(tmpdir(), "linkstash-import-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, "upload");
  try {
    await pipeline(Readable.from(chunks), createWriteStream(file));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path: file, remove };
}
