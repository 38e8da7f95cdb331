import "server-only";
import { open } from "node:fs/promises";

/** A failure the backup commands report as its message alone, with exit code 1. */
export class BackupError extends Error {}

/** Flushes a finished backup file to the disk before it takes its final name. */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
