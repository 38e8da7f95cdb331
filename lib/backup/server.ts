import "server-only";
import { createReadStream } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, rm, stat, unlink } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { writeArchive } from "@/lib/backup/archive";
import { backupSocketPath } from "@/lib/backup/location";
import { type Answer, answers, REQUEST } from "@/lib/backup/protocol";
import { embeddedDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logFailure, logInfo } from "@/lib/log/log";

// `npm run backup` for the embedded database goes through the server: a PGlite directory must be
// opened by one process only (docs/decisions/0317). The server listens on a Unix socket in a 0700
// directory of the data directory, so only its own OS user can ask, and nothing is on the network.

const SNAPSHOT_PREFIX = "snapshot-";

declare global {
  var linkstashBackupServer: Server | undefined;
}

/**
 * Copies the database at a moment when no statement or transaction is in progress. PGlite runs one
 * thing at a time: transactions (Prisma's included) and single queries hold its transaction mutex,
 * each statement its query mutex. Its own dumpDataDir takes only the query mutex, so its copy could
 * fall inside an open transaction (for recovery to undo), and it builds the whole tar in memory.
 * Holding both here, the files are what the last commit left, and they go to disk in chunks.
 */
export async function writeSnapshot(target: string): Promise<{ lockedMs: number }> {
  const pglite = embeddedDatabase();
  // Writes every changed page to the files first, so opening the copy has next to no WAL to replay.
  await pglite.exec("CHECKPOINT");
  return pglite._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      const lockedAt = performance.now();
      await writeArchive(env.dataDir, target);
      return { lockedMs: Math.round(performance.now() - lockedAt) };
    }),
  );
}

function sendAnswer(socket: Socket, answer: Answer): void {
  socket.write(`${JSON.stringify(answer)}\n`);
}

async function serveSnapshot(socket: Socket): Promise<void> {
  const workDir = await mkdtemp(path.join(path.dirname(backupSocketPath(env.dataDir)), SNAPSHOT_PREFIX));
  try {
    const file = path.join(workDir, "snapshot.tar");
    const startedAt = performance.now();
    // lockedMs: how long statements waited for the copy (the database's files at disk speed).
    const { lockedMs } = await writeSnapshot(file);
    const { size } = await stat(file);
    logInfo("backup snapshot taken", { bytes: size, ms: Math.round(performance.now() - startedAt), lockedMs });
    sendAnswer(socket, { ok: true, bytes: size });
    await pipeline(createReadStream(file), socket);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function handle(socket: Socket): void {
  let received = "";
  socket.setEncoding("utf8");
  socket.on("error", () => undefined);
  socket.on("data", (chunk: string) => {
    received += chunk;
    if (received.length < REQUEST.length) return;
    socket.removeAllListeners("data");
    if (received !== REQUEST) {
      sendAnswer(socket, { ok: false, error: "unknown request" });
      socket.end();
      return;
    }
    serveSnapshot(socket).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      logFailure("backup snapshot failed", { error: message });
      if (!socket.destroyed) {
        sendAnswer(socket, { ok: false, error: message });
        socket.end();
      }
    });
  });
}

/** Starts the backup socket of the embedded database (once per process). */
export async function serveBackups(): Promise<void> {
  if (globalThis.linkstashBackupServer) return;
  const socketPath = backupSocketPath(env.dataDir);
  const dir = path.dirname(socketPath);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  // Snapshots a killed server left half-written.
  for (const entry of await readdir(dir)) {
    if (entry.startsWith(SNAPSHOT_PREFIX)) await rm(path.join(dir, entry), { recursive: true, force: true });
  }
  // A file left by a server that was killed answers nothing; one that answers belongs to another
  // process serving this same directory, which must not lose its socket.
  if (await answers(socketPath)) {
    logFailure("backup socket already served by another process", { socket: socketPath });
    return;
  }
  await unlink(socketPath).catch(() => undefined);
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  globalThis.linkstashBackupServer = server;
  await chmod(socketPath, 0o600);
  // The socket must never keep a stopping server alive.
  server.unref();
  logInfo("backup socket listening", { socket: socketPath });
}
