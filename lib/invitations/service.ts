import "server-only";
import { createHash, randomBytes } from "node:crypto";
import InvitationEmail, { invitationSubject } from "@/emails/invitation";
import { lockUsers } from "@/lib/db/lock-users";
import { isRecordId } from "@/lib/db/input";
import { isUniqueViolation } from "@/lib/db/errors";
import { inTransaction } from "@/lib/db/transaction";
import { env } from "@/lib/env";
import { conflict, forbidden, type HttpError, notFound, paymentRequired } from "@/lib/http/errors";
import { logFailure } from "@/lib/log/log";
import {
  claimAvailableCode,
  deleteAvailableInvitation,
  giveReferralMonth,
  hasClaimedInvitation,
  insertInvitation,
  invitationByCode,
  invitationCounts,
  invitationInviterByCode,
  invitationsOf,
  invitationStatus,
  invitationStatusByCode,
  isMailboxClaimed,
  markInviterRewarded,
  recordClaimedMailbox,
  rewardedClaimsSince,
  setInvitesGranted,
  setProUntil,
  userById,
} from "@/lib/invitations/queries";
import type { Invitation, User } from "@/lib/generated/prisma/client";
import {
  ALREADY_CLAIMED_MESSAGE,
  invitationClaimedMessage,
  INVITATION_INVALID_MESSAGE,
  invitationValidMessage,
  inviteAllowance,
  inviteLink,
  inviterEarnsMonth,
  MAILBOX_ALREADY_CLAIMED_MESSAGE,
  noInvitesMessage,
  OWN_INVITATION_MESSAGE,
  OWN_MAILBOX_MESSAGE,
  referralWindowStart,
  USED_INVITATION_DELETE_MESSAGE,
} from "@/lib/invitations/rules";
import { mailboxIdentity, sameMailbox } from "@/lib/invitations/mailbox-identity";
import { rescheduleAfterPlanChange } from "@/lib/digests/plan-schedule";
import { sendEmail } from "@/lib/mail/send-email";
import { addProMonth, entitlements } from "@/lib/billing/plans";
import { enforceRateLimits, userAndIpChecks } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { RECIPIENT_CAP_MESSAGE, recipientCheck } from "@/lib/mail/outbound-limits";
import { invitationCodeSchema } from "@/lib/invitations/schemas";
import {
  toInvitationResponse,
  type InvitationCheck,
  type InvitationResponse,
  type InvitationsResponse,
} from "@/lib/invitations/response";

// Invitations (decision 0023): an allowance checked under the inviter's row lock, codes from the
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

/** The user's invitations, newest first, and how many more they may create now. */
export async function listInvitations(user: User, now = new Date()): Promise<InvitationsResponse> {
  const invitations = await invitationsOf(user.id);
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
    await enforceRateLimits(
      userAndIpChecks(INVITATION_EMAIL_RATE_LIMITS, user.id, ip),
      INVITATION_EMAIL_RATE_LIMITED_MESSAGE,
    );
    await enforceRateLimits([recipientCheck(recipientEmail)], RECIPIENT_CAP_MESSAGE);
  }
  const invitation = await inTransaction(async (tx) => {
    // NO KEY UPDATE: serialises this user's creations, yet lets claims (whose foreign-key checks
    // take KEY SHARE on the same row) proceed.
    await lockUsers(tx, [user.id], "noKeyUpdate");
    const inviter = await userById(user.id, tx);
    const { created, used } = await invitationCounts(user.id, tx);
    const renewable = entitlements(inviter, now, env.billingEnabled).renewableInvites;
    const allowance = inviteAllowance({ granted: inviter.invitesGranted, created, used, renewable });
    if (allowance.available < 1) throw paymentRequired(noInvitesMessage(renewable));
    if (allowance.granted !== inviter.invitesGranted) {
      await setInvitesGranted(user.id, allowance.granted, tx);
    }
    return insertInvitation(
      { code: generateInvitationCode(), inviterId: user.id, recipientEmail: recipientEmail ?? null },
      tx,
    );
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
    subject: invitationSubject(inviterName, env.billingEnabled),
    react: InvitationEmail({ inviterName, claimUrl, billingEnabled: env.billingEnabled }),
    idempotencyKey: `invitation-${invitation.id}`,
  });
  if (result.ok) return "sent";
  logFailure("invitation email not sent", { invitationId: invitation.id, error: result.error });
  return "failed";
}

/** Deletes one of the user's unclaimed invitations; a used one is kept (409), anyone else's is not found. */
export async function deleteInvitation(user: User, id: string): Promise<void> {
  if (!isRecordId(id)) throw notFound("Invitation not found");
  if (await deleteAvailableInvitation(id, user.id)) return;
  const existing = await invitationStatus(id, user.id);
  if (existing?.status === "used") throw conflict(USED_INVITATION_DELETE_MESSAGE);
  throw notFound("Invitation not found");
}

/** Whether a code can still be claimed (public: the claim page asks before anyone signs in). */
export async function checkInvitation(code: string): Promise<InvitationCheck> {
  const invalid = { valid: false, message: INVITATION_INVALID_MESSAGE };
  if (!invitationCodeSchema.safeParse(code).success) return invalid;
  const invitation = await invitationStatusByCode(code);
  return invitation?.status === "available"
    ? { valid: true, message: invitationValidMessage(env.billingEnabled) }
    : invalid;
}

/**
 * Why this signed-in user could not claim this available code, or null when they can: the claim
 * page says so up front instead of offering a button that fails. The claim itself decides again.
 */
export async function claimRefusal(user: User, code: string): Promise<string | null> {
  if (!invitationCodeSchema.safeParse(code).success) return null;
  const invitation = await invitationByCode(code);
  if (invitation?.status !== "available") return null;
  if (invitation.inviterId === user.id) return OWN_INVITATION_MESSAGE;
  if (sameMailbox(user.email, invitation.inviter.email)) return OWN_MAILBOX_MESSAGE;
  if (await hasClaimedInvitation(user.id)) return ALREADY_CLAIMED_MESSAGE;
  return (await isMailboxClaimed(mailboxHash(user.email))) ? MAILBOX_ALREADY_CLAIMED_MESSAGE : null;
}

/** What ClaimedMailbox stores: a digest of the mailbox, not the address itself. */
function mailboxHash(email: string): string {
  return createHash("sha256").update(mailboxIdentity(email)).digest("hex");
}

/** A claim refused after its UPDATE matched: thrown inside the transaction, so nothing of it stays. */
class ClaimRefused extends Error {
  constructor(readonly refusal: HttpError) {
    super(refusal.message);
  }
}

/**
 * Claims a code for the user. The conditional UPDATE is the whole decision: of any number of
 * simultaneous claims of one code exactly one matches `status = 'available'`, and the unique
 * recipientId refuses a user's second claim. In the same transaction (docs/decisions/0163) the
 * claimer's mailbox is recorded, once ever (its primary key refuses a second account of one
 * mailbox, even one claiming at the same moment), and one of the inviter's own mailbox is refused;
 * either refusal rolls the claim back. The reward is given with both users' rows locked (in id
 * order, so two claims between the same pair cannot deadlock), so a month added by a simultaneous
 * claim or payment is never overwritten, and the inviter's month only while their claims of the
 * last year have earned fewer than REFERRAL_MONTHS_PER_YEAR.
 */
export async function claimInvitation(user: User, code: string, now = new Date()): Promise<{ message: string }> {
  if (!invitationCodeSchema.safeParse(code).success) throw notFound(INVITATION_INVALID_MESSAGE);
  let claimed: boolean;
  try {
    claimed = await inTransaction(async (tx) => {
      const invitation = await claimAvailableCode(tx, code, user.id, now);
      if (!invitation) return false;
      // NO KEY UPDATE, as the updates below would take: FOR UPDATE would wait on the KEY SHARE
      // that another claim's foreign-key check holds on one of these rows, and deadlock with it.
      await lockUsers(tx, [user.id, invitation.inviterId], "noKeyUpdate");
      const claimer = await userById(user.id, tx);
      const inviter = await userById(invitation.inviterId, tx);
      if (sameMailbox(claimer.email, inviter.email)) throw new ClaimRefused(forbidden(OWN_MAILBOX_MESSAGE));
      const recorded = await recordClaimedMailbox(mailboxHash(claimer.email), now, tx);
      if (!recorded) throw new ClaimRefused(conflict(MAILBOX_ALREADY_CLAIMED_MESSAGE, "already_claimed"));

      const monthsThisYear = await rewardedClaimsSince(inviter.id, referralWindowStart(now), tx);
      const rewardInviter = inviterEarnsMonth(monthsThisYear);
      const claimerAfter = await setProUntil(claimer.id, addProMonth(claimer, now), tx);
      // Pro lifts a free account's weekly fallback: their next digest follows their own schedule.
      await rescheduleAfterPlanChange(tx, claimer, claimerAfter, now);
      if (rewardInviter) {
        await markInviterRewarded(invitation.id, tx);
        const inviterAfter = await giveReferralMonth(inviter.id, addProMonth(inviter, now), tx);
        await rescheduleAfterPlanChange(tx, inviter, inviterAfter, now);
      }
      return true;
    });
  } catch (error) {
    if (error instanceof ClaimRefused) throw error.refusal;
    if (isUniqueViolation(error)) throw conflict(ALREADY_CLAIMED_MESSAGE, "already_claimed");
    throw error;
  }
  if (claimed) return { message: invitationClaimedMessage(env.billingEnabled) };
  // Nothing matched: say why, from the row as it is now.
  const invitation = await invitationInviterByCode(code);
  if (!invitation) throw notFound(INVITATION_INVALID_MESSAGE);
  if (invitation.inviterId === user.id) throw forbidden(OWN_INVITATION_MESSAGE);
  throw conflict(INVITATION_INVALID_MESSAGE, "already_claimed");
}
