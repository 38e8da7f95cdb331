import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Runs `fn` in one interactive transaction: a service composes its domain's queries functions with
 * `tx` (and pure rules) inside, without holding the client itself. `options` overrides the client's
 * own (a longer timeout for a long batch).
 */
export function inTransaction<T>(
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
  options?: { maxWait?: number; timeout?: number },
): Promise<T> {
  return getDb().$transaction(fn, options);
}
