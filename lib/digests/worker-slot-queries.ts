import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";

// The workers a dispatch run adds (cron continuations, in-process workers) each hold one of
// DIGEST_MAX_WORKERS slots, across every instance (docs/decisions/0222). A slot is leased until its
// worker's budget ends; one whose worker died frees itself when the lease runs out. Single
// statements only, so a transaction-mode pooler carries them.

export type WorkerLease = { slot: number; leaseId: string };

/** Past its budget a worker still answers its last call and records it; its slot stays taken meanwhile. */
const LEASE_MARGIN_MS = 30_000;

/** A free slot leased for a worker whose budget ends at `deadline` (epoch ms), or null when all are taken. */
export async function takeWorkerSlot(deadline: number): Promise<WorkerLease | null> {
  const db = getDb();
  const cap = env.digestMaxWorkers;
  const seconds = (deadline - Date.now() + LEASE_MARGIN_MS) / 1000;
  await db.$executeRaw`
    INSERT INTO "DigestWorker" (slot) SELECT generate_series(0, ${cap - 1}::int) ON CONFLICT DO NOTHING`;
  const leaseId = randomUUID();
  const rows = await db.$queryRaw<{ slot: number }[]>`
    UPDATE "DigestWorker"
    SET "leaseId" = ${leaseId}, "leasedUntil" = now() + make_interval(secs => ${seconds}::float8)
    WHERE slot = (
      SELECT slot FROM "DigestWorker"
      WHERE slot < ${cap}::int AND ("leasedUntil" IS NULL OR "leasedUntil" < now())
      ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED
    )
    RETURNING slot`;
  const slot = rows[0]?.slot;
  return slot === undefined ? null : { slot, leaseId };
}

/** Frees the slot, unless its lease ran out and another worker holds it now. */
export async function releaseWorkerSlot({ slot, leaseId }: WorkerLease): Promise<void> {
  await getDb().$executeRaw`
    UPDATE "DigestWorker" SET "leaseId" = NULL, "leasedUntil" = NULL WHERE slot = ${slot}::int AND "leaseId" = ${leaseId}`;
}

/** How many slots are held now. */
export async function countBusyWorkers(): Promise<number> {
  const rows = await getDb().$queryRaw<{ busy: number }[]>`
    SELECT count(*)::int AS busy FROM "DigestWorker" WHERE slot < ${env.digestMaxWorkers}::int AND "leasedUntil" >= now()`;
  return rows[0]?.busy ?? 0;
}
