import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// The user-row lock that serialises one user's counted writes (the free daily limits, imports,
// invitations, subscription syncs): held by the transaction `tx` until it ends.

const STRENGTH = {
  // Waits for every other lock on the row, including the KEY SHARE a foreign-key check takes.
  update: Prisma.sql`FOR UPDATE`,
  // Serialises writers of the row yet lets inserts referencing it (KEY SHARE) proceed: a
  // transaction that inserts such rows while others hold KEY SHARE on it would deadlock with them.
  noKeyUpdate: Prisma.sql`FOR NO KEY UPDATE`,
} as const;

/**
 * Locks the rows of `userIds` in id order (two transactions locking the same pair never wait on
 * each other crosswise) for the rest of the transaction.
 */
export async function lockUsers(
  tx: Prisma.TransactionClient,
  userIds: readonly [string, ...string[]],
  strength: keyof typeof STRENGTH = "update",
): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id IN (${Prisma.join(userIds)}) ORDER BY id ${STRENGTH[strength]}`;
}
