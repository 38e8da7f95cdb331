import "server-only";
import { getDb } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** What a ping needs of a database: the app's own, or another a test hands over. */
export type PingableDatabase = Pick<PrismaClient, "$queryRaw">;

/** A database that neither answers nor fails (a dropped connection) must not hang the check. */
const TIMEOUT_MS = 3000;

/** Resolves once the database answers `SELECT 1`; rejects when it fails or is silent for 3 s. */
export async function pingDatabase(db: PingableDatabase = getDb()): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    await Promise.race([db.$queryRaw`SELECT 1`, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
