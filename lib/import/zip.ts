import "server-only";
import type { Readable } from "node:stream";
import { openPromise, type Entry, type ZipFile } from "yauzl";
import { ImportFileError, ImportLimitError } from "@/lib/import/errors";
import { count, megabytes, type ImportLimits } from "@/lib/import/limits";

// A ZIP archive on disk (the upload, spooled to a temporary file), read with yauzl: the central
// directory at its end lists the entries; each chosen entry is inflated as a stream. Before anything
// is read the archive is held to the limits: how many files, how much the chosen ones unpack to,
// and how far each is compressed (a zip bomb packs 40 MB of one repeated row into 40 KB). yauzl
// checks that an entry inflates to no more than its directory says, so the declared sizes hold.

export type ZipEntry = {
  name: string;
  /** The entry's unpacked bytes; a damaged entry is an ImportFileError while reading. */
  read: () => AsyncGenerator<Uint8Array>;
};

export type ZipArchive = { entries: ZipEntry[]; close: () => void };

const DAMAGED = "The ZIP file is damaged or uses a feature we cannot read";

async function* inflated(zip: ZipFile, entry: Entry): AsyncGenerator<Uint8Array> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw new ImportFileError(`${DAMAGED} (${entry.fileName}).`);
  }
  try {
    // Only the stream's own errors arrive here: a consumer's never enter the generator.
    for await (const chunk of stream) yield chunk;
  } catch {
    throw new ImportFileError(`${DAMAGED} (${entry.fileName}).`);
  } finally {
    stream.destroy();
  }
}

/**
 * Opens the archive at `path`, lists its files and keeps those `choose` picks (in its order),
 * refusing an archive past `limits`. The caller closes it.
 */
export async function openZip(
  path: string,
  choose: (names: string[]) => string[],
  limits: Pick<ImportLimits, "maxZipEntries" | "maxUnzippedBytes" | "maxCompressionRatio" | "ratioCheckedFromBytes">,
): Promise<ZipArchive> {
  let zip: ZipFile;
  try {
    zip = await openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch {
    throw new ImportFileError(`${DAMAGED}.`);
  }
  try {
    if (zip.entryCount > limits.maxZipEntries)
      throw new ImportLimitError(
        `The ZIP file holds ${count(zip.entryCount)} files; the limit is ${count(limits.maxZipEntries)}.`,
        422,
      );
    const files = new Map<string, Entry>();
    try {
      for await (const entry of zip.eachEntry()) if (!entry.fileName.endsWith("/")) files.set(entry.fileName, entry);
    } catch {
      throw new ImportFileError(`${DAMAGED}.`);
    }
    const chosen = choose([...files.keys()]).flatMap((name) => files.get(name) ?? []);
    let total = 0;
    for (const entry of chosen) {
      total += entry.uncompressedSize;
      if (total > limits.maxUnzippedBytes)
        throw new ImportLimitError(
          `The files to import in the ZIP file unpack to more than ${megabytes(limits.maxUnzippedBytes)}; that is the limit. Import them one by one.`,
          413,
        );
      if (
        entry.uncompressedSize > limits.ratioCheckedFromBytes &&
        entry.uncompressedSize > entry.compressedSize * limits.maxCompressionRatio
      )
        throw new ImportLimitError(
          `${entry.fileName} in the ZIP file is compressed more than ${count(limits.maxCompressionRatio)} to 1, far more than any real export; that is the limit.`,
          422,
        );
    }
    return {
      entries: chosen.map((entry) => ({ name: entry.fileName, read: () => inflated(zip, entry) })),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
