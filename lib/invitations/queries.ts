import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Invitation, Prisma, User } from "@/lib/generated/prisma/client";

// Invitations' reads and writes, through Prisma; the claim alone is SQL: one conditional
// UPDATE … RETURNING decides it and names the invitation and its inviter, which Prisma's updateMany
// (a count only) cannot say in one statement.

const withRecipient = { recipient: { select: { email: true, username: true } } } satisfies Prisma.InvitationInclude;
export type InvitationWithRecipient = Prisma.InvitationGetPayload<{ include: typeof withRecipient }>;

/** The inviter's invitations, newest first, with their recipients. */
export function invitationsOf(inviterId: string, db: Db = getDb()): Promise<InvitationWithRecipient[]> {
  return db.invitation.findMany({
    where: { inviterId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: withRecipient,
  });
}

export function userById(id: string, db: Db = getDb()): Promise<User> {
  return db.user.findUniqueOrThrow({ where: { id } });
}

/** How many invitations the inviter has created, and how many of them were claimed. */
export async function invitationCounts(
  inviterId: string,
  db: Db = getDb(),
): Promise<{ created: number; used: number }> {
  const created = await db.invitation.count({ where: { inviterId } });
  const used = await db.invitation.count({ where: { inviterId, status: "used" } });
  return { created, used };
}

export async function setInvitesGranted(userId: string, invitesGranted: number, db: Db = getDb()): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { invitesGranted } });
}

export function insertInvitation(
  data: { code: string; inviterId: string; recipientEmail: string | null },
  db: Db = getDb(),
): Promise<InvitationWithRecipient> {
  return db.invitation.create({ data, include: withRecipient });
}

/** Deletes the inviter's invitation if it is still unclaimed; whether it did. */
export async function deleteAvailableInvitation(id: string, inviterId: string, db: Db = getDb()): Promise<boolean> {
  const { count } = await db.invitation.deleteMany({ where: { id, inviterId, status: "available" } });
  return count > 0;
}

export function invitationStatus(
  id: string,
  inviterId: string,
  db: Db = getDb(),
): Promise<Pick<Invitation, "status"> | null> {
  return db.invitation.findFirst({ where: { id, inviterId }, select: { status: true } });
}

export function invitationByCode(
  code: string,
  db: Db = getDb(),
): Promise<(Pick<Invitation, "status" | "inviterId"> & { inviter: { email: string } }) | null> {
  return db.invitation.findUnique({
    where: { code },
    select: { status: true, inviterId: true, inviter: { select: { email: true } } },
  });
}

export function invitationStatusByCode(code: string, db: Db = getDb()): Promise<Pick<Invitation, "status"> | null> {
  return db.invitation.findUnique({ where: { code }, select: { status: true } });
}

export function invitationInviterByCode(code: string, db: Db = getDb()): Promise<Pick<Invitation, "inviterId"> | null> {
  return db.invitation.findUnique({ where: { code }, select: { inviterId: true } });
}

export async function hasClaimedInvitation(userId: string, db: Db = getDb()): Promise<boolean> {
  return (await db.invitation.count({ where: { recipientId: userId } })) > 0;
}

export async function isMailboxClaimed(mailboxHash: string, db: Db = getDb()): Promise<boolean> {
  return (await db.claimedMailbox.findUnique({ where: { mailboxHash } })) !== null;
}

/** Records the mailbox as having claimed, once ever; whether this call recorded it. */
export async function recordClaimedMailbox(mailboxHash: string, claimedAt: Date, db: Db = getDb()): Promise<boolean> {
  const recorded = await db.claimedMailbox.createMany({ data: [{ mailboxHash, claimedAt }], skipDuplicates: true });
  return recorded.count > 0;
}

/** The inviter's claimed invitations since `since` that earned them a month. */
export function rewardedClaimsSince(inviterId: string, since: Date, db: Db = getDb()): Promise<number> {
  return db.invitation.count({ where: { inviterId, inviterRewarded: true, usedAt: { gte: since } } });
}

export async function markInviterRewarded(invitationId: string, db: Db = getDb()): Promise<void> {
  await db.invitation.update({ where: { id: invitationId }, data: { inviterRewarded: true } });
}

export function setProUntil(userId: string, proUntil: Date, db: Db = getDb()): Promise<User> {
  return db.user.update({ where: { id: userId }, data: { proUntil } });
}

/** The inviter's month: Pro until `proUntil`, and one more referral month counted. */
export function giveReferralMonth(userId: string, proUntil: Date, db: Db = getDb()): Promise<User> {
  return db.user.update({ where: { id: userId }, data: { proUntil, referralMonthsEarned: { increment: 1 } } });
}

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
