import "server-only";
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  writeSync,
} from "node:fs";
import { type FileHandle, mkdir, open } from "node:fs/promises";
import path from "node:path";

// A backup of the embedded database is a plain POSIX tar (ustar) of the data directory's `db/`
// (PGlite's PostgreSQL directory) and its `auth-secret`: `tar -xf` into an empty directory restores
// it as well as `npm run restore` does. Written and read here, streaming in chunks, so neither side
// ever holds the database in memory.

const BLOCK = 512;
const CHUNK = 1 << 20;
// The ustar size field: 11 octal digits. PostgreSQL splits a table into 1 GB files.
const MAX_FILE_SIZE = 8 ** 11 - 1;

/** What a backup holds, relative to the data directory. */
export const DATABASE_DIR = "db";
const SECRET_FILE = "auth-secret";
// The lock file of the process that had the database open; a restored copy has no such process.
const SKIPPED = new Set([path.join(DATABASE_DIR, "postmaster.pid")]);

export class ArchiveError extends Error {}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, mode: number, size: number, mtime: Date, directory: boolean): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) {
      throw new ArchiveError(`a path too long for a tar header: ${name}`);
    }
  }
  block.write(base, 0, 100, "utf8");
  block.write(octal(mode & 0o7777, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  block.write(directory ? "5" : "0", 156, "ascii");
  block.write("ustar\0" + "00", 257, "ascii");
  block.write(prefix, 345, 155, "utf8");
  block.write(octal(checksum(block), 7) + " ", 148, "ascii");
  return block;
}

/** The sum of the header's bytes with its checksum field read as spaces. */
function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return sum;
}

function writeAllSync(out: number, buffer: Buffer, length = buffer.length): void {
  let written = 0;
  while (written < length) written += writeSync(out, buffer, written, length - written);
}

// The writer's file operations are synchronous, a file or a 1 MB chunk at a time with a turn of the
// event loop between them: the server holds its database locks while it writes, and on a directory
// of a thousand small files this takes a quarter of the time of the same work through fs/promises,
// while requests that need no database still get their turn.
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function appendFile(out: number, source: string, name: string, buffer: Buffer): Promise<void> {
  const input = openSync(source, "r");
  try {
    const info = fstatSync(input);
    if (info.size > MAX_FILE_SIZE) throw new ArchiveError(`a file too large for a tar entry: ${name}`);
    writeAllSync(out, header(name, info.mode, info.size, info.mtime, false));
    let left = info.size;
    while (left > 0) {
      const bytesRead = readSync(input, buffer, 0, Math.min(CHUNK, left), null);
      if (bytesRead === 0) throw new ArchiveError(`${name} shrank while it was being copied`);
      writeAllSync(out, buffer, bytesRead);
      left -= bytesRead;
      if (left > 0) await nextTurn();
    }
    const padding = (BLOCK - (info.size % BLOCK)) % BLOCK;
    if (padding) writeAllSync(out, Buffer.alloc(padding));
  } finally {
    closeSync(input);
  }
  await nextTurn();
}

async function appendTree(out: number, root: string, relative: string, buffer: Buffer): Promise<void> {
  const full = path.join(root, relative);
  const info = statSync(full);
  writeAllSync(out, header(`${relative}/`, info.mode, 0, info.mtime, true));
  const entries = readdirSync(full, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (SKIPPED.has(child)) continue;
    if (entry.isDirectory()) await appendTree(out, root, child, buffer);
    else if (entry.isFile()) await appendFile(out, path.join(root, child), child, buffer);
  }
}

/** Writes the data directory's database (and auth secret, when there is one) as a tar to `target`. */
export async function writeArchive(dataDir: string, target: string): Promise<void> {
  const out = openSync(target, "wx", 0o600);
  try {
    const buffer = Buffer.alloc(CHUNK);
    const secret = path.join(dataDir, SECRET_FILE);
    if (existsSync(secret)) await appendFile(out, secret, SECRET_FILE, buffer);
    await appendTree(out, dataDir, DATABASE_DIR, buffer);
    writeAllSync(out, Buffer.alloc(BLOCK * 2));
  } finally {
    closeSync(out);
  }
}

function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

function octalField(block: Buffer, offset: number, length: number): number {
  const text = field(block, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError("not a backup file: a tar header is damaged");
  return parseInt(text, 8);
}

/** An entry's path, refused unless it is the database directory, inside it, or the auth secret. */
function safeName(name: string): string {
  const clean = path.posix.normalize(name.replace(/\/+$/, ""));
  const inside = clean === DATABASE_DIR || clean.startsWith(`${DATABASE_DIR}/`) || clean === SECRET_FILE;
  if (!inside || clean.split("/").includes("..") || path.posix.isAbsolute(clean)) {
    throw new ArchiveError(`not a LinkStash backup: it holds ${JSON.stringify(name)}`);
  }
  return clean;
}

async function writeAll(out: FileHandle, buffer: Buffer, length: number): Promise<void> {
  let written = 0;
  while (written < length) written += (await out.write(buffer, written, length - written)).bytesWritten;
}

async function readExactly(input: FileHandle, buffer: Buffer, length: number, position: number): Promise<void> {
  let read = 0;
  while (read < length) {
    const { bytesRead } = await input.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) throw new ArchiveError("the backup file is truncated");
    read += bytesRead;
  }
}

/**
 * Extracts a backup written by writeArchive into `dataDir` (which the caller has checked is new).
 * Throws ArchiveError for a file that is not a whole backup: damaged, truncated or foreign.
 */
export async function extractArchive(source: string, dataDir: string): Promise<void> {
  const input = await open(source, constants.O_RDONLY);
  try {
    const block = Buffer.alloc(BLOCK);
    const buffer = Buffer.alloc(CHUNK);
    let position = 0;
    let sawDatabase = false;
    for (;;) {
      await readExactly(input, block, BLOCK, position);
      position += BLOCK;
      if (block.every((byte) => byte === 0)) break;
      if (field(block, 257, 6) !== "ustar" || octalField(block, 148, 8) !== checksum(block)) {
        throw new ArchiveError("not a backup file: a tar header is damaged");
      }
      const prefix = field(block, 345, 155);
      const name = safeName(prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
      const mode = octalField(block, 100, 8) & 0o700;
      const size = octalField(block, 124, 12);
      const type = field(block, 156, 1);
      const target = path.join(dataDir, name);
      if (type === "5") {
        await mkdir(target, { recursive: true, mode: mode | 0o700 });
        if (name === DATABASE_DIR) sawDatabase = true;
        continue;
      }
      if (type !== "0" && type !== "") throw new ArchiveError(`not a LinkStash backup: ${name} is not a file`);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const out = await open(target, "wx", mode | 0o600);
      try {
        let left = size;
        while (left > 0) {
          const length = Math.min(CHUNK, left);
          await readExactly(input, buffer, length, position);
          await writeAll(out, buffer, length);
          position += length;
          left -= length;
        }
      } finally {
        await out.close();
      }
      position += (BLOCK - (size % BLOCK)) % BLOCK;
    }
    if (!sawDatabase) throw new ArchiveError("not a LinkStash backup: it holds no database directory");
  } finally {
    await input.close();
  }
}
