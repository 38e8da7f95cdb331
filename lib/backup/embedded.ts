import "server-only";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { ArchiveError, DATABASE_DIR, extractArchive, writeArchive } from "@/lib/backup/archive";
import { BackupError, syncFile } from "@/lib/backup/errors";
import { backupSocketPath } from "@/lib/backup/location";
import { answers, isAnswer, REQUEST } from "@/lib/backup/protocol";

// The embedded database's backup and restore, run by `npm run backup` and `npm run restore`.

/** The server's answer line, and whatever arrived after it; the socket is left paused. */
function readAnswer(socket: Socket): Promise<{ answer: unknown; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const onError = (error: Error) => reject(new BackupError(`The server's backup socket failed: ${error.message}`));
    const onEnd = () => reject(new BackupError("The server closed the backup socket without answering."));
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(0x0a);
      if (newline === -1) return;
      socket.pause();
      socket.off("data", onData).off("error", onError).off("end", onEnd);
      try {
        resolve({ answer: JSON.parse(head.subarray(0, newline).toString("utf8")), rest: head.subarray(newline + 1) });
      } catch {
        reject(new BackupError("The server answered something other than a snapshot."));
      }
    };
    socket.on("data", onData).once("error", onError).once("end", onEnd);
  });
}

/** Asks the running server for a snapshot and writes it to `partial`. */
async function fetchSnapshot(socketPath: string, partial: string): Promise<void> {
  const socket = connect(socketPath);
  try {
    socket.write(REQUEST);
    const { answer, rest } = await readAnswer(socket);
    if (!isAnswer(answer)) throw new BackupError("The server answered something other than a snapshot.");
    if (!answer.ok) throw new BackupError(`The server could not take a snapshot: ${answer.error}`);
    let received = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    socket.unshift(rest);
    await pipeline(socket, count, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    if (received !== answer.bytes) {
      throw new BackupError(`The snapshot was cut short (${received} of ${answer.bytes} bytes): run the backup again.`);
    }
  } finally {
    socket.destroy();
  }
}

// The longest path a Unix socket may have on Linux: beyond it the server cannot listen.
const SOCKET_PATH_MAX = 107;

const pidFile = (dataDir: string) => path.join(dataDir, DATABASE_DIR, "postmaster.pid");

/**
 * The directory is copied directly only when no server can hold it: nothing answers on the backup
 * socket, and PGlite's lock file (present from opening until a clean close) is absent, before and
 * after the copy. A lock file with nobody answering is a server that predates the socket, or one
 * that was killed: either way the server must be started and asked.
 */
async function copyStoppedDatabase(dataDir: string, socketPath: string, partial: string): Promise<void> {
  const held = async () => (await answers(socketPath)) || existsSync(pidFile(dataDir));
  if (await held()) {
    if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
      throw new BackupError(
        `The database in ${dataDir} is in use, and its path is too long for the server's backup socket ` +
          `(${socketPath}, over ${SOCKET_PATH_MAX} bytes): move DATA_DIR to a shorter path.`,
      );
    }
    throw new BackupError(
      `No server answers on ${socketPath}, but the database in ${dataDir} is in use or was not shut down ` +
        "cleanly. Start the server (npm start) and run the backup again.",
    );
  }
  await writeArchive(dataDir, partial);
  if (await held()) {
    throw new BackupError("A server opened the database while it was being copied: run the backup again.");
  }
}

/** `npm run backup` for the embedded database: through the server, or from the stopped directory. */
export async function backupEmbedded(dataDir: string, target: string): Promise<{ bytes: number; via: string }> {
  if (!existsSync(path.join(dataDir, DATABASE_DIR, "PG_VERSION"))) {
    throw new BackupError(`There is no database in ${dataDir} (DATA_DIR): nothing to back up.`);
  }
  if (existsSync(target)) throw new BackupError(`${target} exists already: name a new file.`);
  const socketPath = backupSocketPath(dataDir);
  const partial = `${target}.partial`;
  try {
    let via = "the running server";
    if (await answers(socketPath)) await fetchSnapshot(socketPath, partial);
    else {
      await copyStoppedDatabase(dataDir, socketPath, partial);
      via = "the stopped data directory";
    }
    await syncFile(partial);
    await rename(partial, target);
    return { bytes: (await stat(target)).size, via };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  return readdir(dir).then(
    (entries) => entries.length === 0,
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return true;
      throw error;
    },
  );
}

/** Opens the restored database as the server would, and reads the migration history it holds. */
async function checkOpens(dataDir: string): Promise<number> {
  const pglite = new PGlite(path.join(dataDir, DATABASE_DIR));
  try {
    const { rows } = await pglite.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
    );
    return rows[0]?.count ?? 0;
  } finally {
    await pglite.close();
  }
}

/** `npm run restore FILE` for the embedded database: into a new (absent or empty) DATA_DIR. */
export async function restoreEmbedded(file: string, dataDir: string): Promise<{ migrations: number }> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file.`);
  if (!(await isEmptyOrAbsent(dataDir))) {
    throw new BackupError(
      `${dataDir} (DATA_DIR) is not empty: restore into a new directory, then point the server at it.`,
    );
  }
  const created = !existsSync(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // Extracted inside the target (the same file system, even when DATA_DIR is a mounted volume) and
  // moved into place only once it opens: a failed restore leaves the directory as it found it.
  const staging = await mkdtemp(path.join(dataDir, ".restoring-"));
  try {
    await extractArchive(file, staging);
    let migrations: number;
    try {
      migrations = await checkOpens(staging);
    } catch (error) {
      throw new BackupError(
        `The backup's database does not open: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    for (const entry of await readdir(staging)) await rename(path.join(staging, entry), path.join(dataDir, entry));
    await rmdir(staging);
    return { migrations };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (created) await rmdir(dataDir).catch(() => undefined);
    if (error instanceof ArchiveError) throw new BackupError(`${file}: ${error.message}`);
    throw error;
  }
}
