import "server-only";
import { randomBytes } from "node:crypto";
import InvitationEmail from "@/emails/invitation";
import { getDb } from "@/lib/db";
import { isRecordId } from "@/lib/db-input";
import { isUniqueViolation } from "@/lib/db-errors";
import { env } from "@/lib/env";
import { conflict, forbidden, notFound, paymentRequired } from "@/lib/errors";
import type { Invitation, Prisma, User } from "@/lib/generated/prisma/client";
import {
  ALREADY_CLAIMED_MESSAGE,
  INVITATION_CLAIMED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_VALID_MESSAGE,
  inviteAllowance,
  inviteLink,
  noInvitesMessage,
  OWN_INVITATION_MESSAGE,
  USED_INVITATION_DELETE_MESSAGE,
} from "@/lib/invitation-rules";
import { rescheduleAfterPlanChange } from "@/lib/digest-schedule";
import { sendEmail } from "@/lib/mail/send-email";
import { addProMonth, entitlements } from "@/lib/plans";
import { enforceRateLimits, type RateLimitRule, userAndIpChecks } from "@/lib/rate-limit";
import { invitationCodeSchema } from "@/lib/validations/invitation";

// Invitations (DESIGN.md §3): an allowance checked under the inviter's row lock, codes from the
// system's CSPRNG, and a claim that is one conditional UPDATE, so a code is won by exactly one user
// and a user wins at most one code (the unique recipientId).

// Invitation emails go to addresses the sender chooses: limited per user and, against one person
// with many accounts, per client address (room for a few colleagues behind one NAT).
export const INVITATION_EMAIL_RATE_LIMITS = {
  perUser: { name: "invitation-email:user", limit: 10, windowSeconds: 60 * 60 },
  perIp: { name: "invitation-email:ip", limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;
export const INVITATION_EMAIL_RATE_LIMITED_MESSAGE =
  "You have sent too many invitation emails in the last hour. Please try again later, or create an invitation without an email and share its link.";

/** 12 random bytes as base64url: 16 URL-safe characters, 96 bits, so codes neither collide nor can be guessed. */
function generateInvitationCode(): string {
  return randomBytes(12).toString("base64url");
}

type InvitationWithRecipient = Invitation & { recipient: { email: string; username: string | null } | null };

function toInvitationResponse(invitation: InvitationWithRecipient) {
  return {
    id: invitation.id,
    code: invitation.code,
    status: invitation.status,
    recipientEmail: invitation.recipientEmail,
    recipientId: invitation.recipientId,
    recipientName: invitation.recipient ? (invitation.recipient.username ?? invitation.recipient.email) : null,
    createdAt: invitation.createdAt.toISOString(),
    usedAt: invitation.usedAt?.toISOString() ?? null,
  };
}

export type InvitationResponse = ReturnType<typeof toInvitationResponse>;
export type InvitationsResponse = { availableInvites: number; invitations: InvitationResponse[] };

const withRecipient = { recipient: { select: { email: true, username: true } } } satisfies Prisma.InvitationInclude;

/** The user's invitations, newest first, and how many more they may create now. */
export async function listInvitations(user: User, now = new Date()): Promise<InvitationsResponse> {
  const invitations = await getDb().invitation.findMany({
    where: { inviterId: user.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: withRecipient,
  });
  const { available } = inviteAllowance({
    granted: user.invitesGranted,
    created: invitations.length,
    used: invitations.filter((invitation) => invitation.status === "used").length,
    renewable: entitlements(user, now, env.billingEnabled).renewableInvites,
  });
  return { availableInvites: available, invitations: invitations.map(toInvitationResponse) };
}

export type EmailStatus = "none" | "sent" | "failed";

/**
 * Creates an invitation if the allowance has one left (402 otherwise) and emails it when a recipient
 * is given. The inviter's row is locked while the allowance is counted, so simultaneous requests
 * cannot both take the last invite; a renewal the count reveals is stored in the same transaction.
 */
export async function createInvitation(
  user: User,
  recipientEmail: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<{ invitation: InvitationResponse; emailStatus: EmailStatus }> {
  // Counted before the invite is used, so a refused email never costs one.
  if (recipientEmail) {
    await enforceRateLimits(userAndIpChecks(INVITATION_EMAIL_RATE_LIMITS, user.id, ip), INVITATION_EMAIL_RATE_LIMITED_MESSAGE);
  }
  const invitation = await getDb().$transaction(async (tx) => {
    // NO KEY UPDATE: serialises this user's creations, yet lets claims (whose foreign-key checks
    // take KEY SHARE on the same row) proceed.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${user.id} FOR NO KEY UPDATE`;
    const inviter = await tx.user.findUniqueOrThrow({ where: { id: user.id } });
    const created = await tx.invitation.count({ where: { inviterId: user.id } });
    const used = await tx.invitation.count({ where: { inviterId: user.id, status: "used" } });
    const renewable = entitlements(inviter, now, env.billingEnabled).renewableInvites;
    const allowance = inviteAllowance({ granted: inviter.invitesGranted, created, used, renewable });
    if (allowance.available < 1) throw paymentRequired(noInvitesMessage(renewable));
    if (allowance.granted !== inviter.invitesGranted) {
      await tx.user.update({ where: { id: user.id }, data: { invitesGranted: allowance.granted } });
    }
    return tx.invitation.create({
      data: { code: generateInvitationCode(), inviterId: user.id, recipientEmail: recipientEmail ?? null },
      include: withRecipient,
    });
  });
  const emailStatus = recipientEmail ? await emailInvitation(user, invitation) : "none";
  return { invitation: toInvitationResponse(invitation), emailStatus };
}

/**
 * A failed send keeps the invitation: its link still works when shared by hand, and the inviter is
 * told so instead of losing the invite or retrying into a duplicate email.
 */
async function emailInvitation(inviter: User, invitation: Invitation): Promise<EmailStatus> {
  if (!invitation.recipientEmail) return "none";
  const claimUrl = inviteLink(env.appUrl, invitation.code);
  const inviterName = inviter.username ?? inviter.name ?? inviter.email;
  const result = await sendEmail({
    to: invitation.recipientEmail,
    subject: `${inviterName} invited you to LinkStash: 1 month of Pro for free`,
    react: InvitationEmail({ inviterName, claimUrl }),
    idempotencyKey: `invitation-${invitation.id}`,
  });
  if (result.ok) return "sent";
  console.error(JSON.stringify({ level: "error", time: new Date().toISOString(), message: "invitation email not sent", invitationId: invitation.id, error: result.error }));
  return "failed";
}

/** Deletes one of the user's unclaimed invitations; a used one is kept (409), anyone else's is not found. */
export async function deleteInvitation(user: User, id: string): Promise<void> {
  if (!isRecordId(id)) throw notFound("Invitation not found");
  const db = getDb();
  const { count } = await db.invitation.deleteMany({ where: { id, inviterId: user.id, status: "available" } });
  if (count > 0) return;
  const existing = await db.invitation.findFirst({ where: { id, inviterId: user.id }, select: { status: true } });
  if (existing?.status === "used") throw conflict(USED_INVITATION_DELETE_MESSAGE);
  throw notFound("Invitation not found");
}

export type InvitationCheck = { valid: boolean; message: string };

/** Whether a code can still be claimed (public: the claim page asks before anyone signs in). */
export async function checkInvitation(code: string): Promise<InvitationCheck> {
  const invalid = { valid: false, message: INVITATION_INVALID_MESSAGE };
  if (!invitationCodeSchema.safeParse(code).success) return invalid;
  const invitation = await getDb().invitation.findUnique({ where: { code }, select: { status: true } });
  return invitation?.status === "available" ? { valid: true, message: INVITATION_VALID_MESSAGE } : invalid;
}

/**
 * Claims a code for the user. The conditional UPDATE is the whole decision: of any number of
 * simultaneous claims of one code exactly one matches `status = 'available'`, and the unique
 * recipientId refuses a user's second claim. The reward is given in the same transaction, with both
 * users' rows locked (in id order, so two claims between the same pair cannot deadlock), so a
 * month added by a simultaneous claim or payment is never overwritten.
 */
export async function claimInvitation(user: User, code: string, now = new Date()): Promise<{ message: string }> {
  if (!invitationCodeSchema.safeParse(code).success) throw notFound(INVITATION_INVALID_MESSAGE);
  const db = getDb();
  let claimed: boolean;
  try {
    claimed = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ inviterId: string }[]>`
        UPDATE "Invitation" SET "status" = 'used', "recipientId" = ${user.id}, "usedAt" = ${now}
        WHERE "code" = ${code} AND "status" = 'available' AND "inviterId" <> ${user.id}
        RETURNING "inviterId"`;
      const inviterId = rows[0]?.inviterId;
      if (!inviterId) return false;
      // NO KEY UPDATE, as the updates below would take: FOR UPDATE would wait on the KEY SHARE
      // that another claim's foreign-key check holds on one of these rows, and deadlock with it.
      await tx.$queryRaw`SELECT id FROM "User" WHERE id IN (${user.id}, ${inviterId}) ORDER BY id FOR NO KEY UPDATE`;
      const claimer = await tx.user.findUniqueOrThrow({ where: { id: user.id } });
      const inviter = await tx.user.findUniqueOrThrow({ where: { id: inviterId } });
      const claimerAfter = await tx.user.update({ where: { id: claimer.id }, data: { proUntil: addProMonth(claimer, now) } });
      const inviterAfter = await tx.user.update({
        where: { id: inviter.id },
        data: { proUntil: addProMonth(inviter, now), referralMonthsEarned: { increment: 1 } },
      });
      // Pro lifts a free account's weekly fallback: their next digest follows their own schedule.
      await rescheduleAfterPlanChange(tx, claimer, claimerAfter, now);
      await rescheduleAfterPlanChange(tx, inviter, inviterAfter, now);
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_CLAIMED_MESSAGE);
    throw error;
  }
  if (claimed) return { message: INVITATION_CLAIMED_MESSAGE };
  // Nothing matched: say why, from the row as it is now.
  const invitation = await db.invitation.findUnique({ where: { code }, select: { inviterId: true } });
  if (!invitation) throw notFound(INVITATION_INVALID_MESSAGE);
  if (invitation.inviterId === user.id) throw forbidden(OWN_INVITATION_MESSAGE);
  throw conflict(INVITATION_INVALID_MESSAGE);
}
