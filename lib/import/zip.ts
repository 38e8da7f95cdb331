import { inflateRawSync } from "node:zlib";

// A small ZIP reader for Pocket's export archive: the central directory at the end of the file
// lists every entry; stored (0) and deflated (8) entries are read, anything else is refused.

export type ZipEntry = { name: string; read: () => Buffer };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export class ZipError extends Error {}

export function isZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes.
  const stop = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= stop; at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipError("The ZIP file is damaged (no central directory).");
}

/** The entries of a whole ZIP file, each read (and inflated) only when asked, with a size limit. */
export function readZip(zip: Buffer, maxEntryBytes: number): ZipEntry[] {
  if (zip.length < 22) throw new ZipError("The ZIP file is damaged (too short).");
  const end = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new ZipError("The ZIP file is damaged (bad directory entry).");
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    entries.push({
      name,
      read: () => {
        if (method !== 0 && method !== 8) throw new ZipError(`${name}: unsupported compression (method ${method}).`);
        if (size > maxEntryBytes) throw new ZipError(`${name} is too large to import.`);
        if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) throw new ZipError(`${name}: damaged entry.`);
        const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
        const data = zip.subarray(dataStart, dataStart + compressedSize);
        if (method === 0) return Buffer.from(data);
        try {
          return inflateRawSync(data, { maxOutputLength: maxEntryBytes });
        } catch {
          throw new ZipError(`${name}: damaged or too large to import.`);
        }
      },
    });
  }
  return entries;
}
