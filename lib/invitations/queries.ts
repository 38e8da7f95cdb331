import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// The invitation claim: one conditional UPDATE … RETURNING decides it and names the invitation and its inviter, which
// Prisma's updateMany (a count only) cannot say in one statement.

/** Marks the code used by `userId` if it is still available and not their own; the invitation, or null. */
export async function claimAvailableCode(
  tx: Prisma.TransactionClient,
  code: string,
  userId: string,
  now: Date,
): Promise<{ id: string; inviterId: string } | null> {
  const rows = await tx.$queryRaw<{ id: string; inviterId: string }[]>`
    UPDATE "Invitation" SET "status" = 'used', "recipientId" = ${userId}, "usedAt" = ${now}
    WHERE "code" = ${code} AND "status" = 'available' AND "inviterId" <> ${userId}
    RETURNING "id", "inviterId"`;
  return rows[0] ?? null;
}
