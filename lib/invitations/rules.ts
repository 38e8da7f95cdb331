import { subYears } from "date-fns";
import { FREE_INVITES_TOTAL, PRO_INVITES_RENEWAL } from "@/lib/billing/plans";

// Pure invitation rules and texts (docs/product.md, "Trial and invitations"; decision 0023), shared
// by the server and the invitation screens.

/** Months of Pro a claim gives the claimer, and the inviter: 1 everywhere, the copy toast included. */
export const INVITATION_REWARD_MONTHS = 1;

export const INVITATION_VALID_MESSAGE = "This invitation gives you 1 month of Pro for free.";
export const INVITATION_INVALID_MESSAGE = "This invitation is invalid or has already been claimed.";
export const INVITATION_CLAIMED_MESSAGE = "Invitation claimed! You now have 1 month of Pro.";
// Without billing there is no Pro to give (docs/decisions/0304): an invitation is a welcome.
export const INVITATION_VALID_NO_BILLING_MESSAGE =
  "Join LinkStash to stash links during the day and read them later in a digest email. Every feature is included.";
export const INVITATION_CLAIMED_NO_BILLING_MESSAGE = "Invitation claimed! Welcome to LinkStash.";

export function invitationValidMessage(billingEnabled: boolean): string {
  return billingEnabled ? INVITATION_VALID_MESSAGE : INVITATION_VALID_NO_BILLING_MESSAGE;
}

export function invitationClaimedMessage(billingEnabled: boolean): string {
  return billingEnabled ? INVITATION_CLAIMED_MESSAGE : INVITATION_CLAIMED_NO_BILLING_MESSAGE;
}

/** The claim button: the product's words when there is Pro to claim. */
export function claimButtonLabel(billingEnabled: boolean): string {
  return billingEnabled ? "Claim 1 Month Pro Access" : "Accept Invitation";
}
export const OWN_INVITATION_MESSAGE = "You cannot claim your own invitation.";
export const OWN_MAILBOX_MESSAGE =
  "You cannot claim an invitation from an account with your own email address, however it is written.";
export const MAILBOX_ALREADY_CLAIMED_MESSAGE =
  "An invitation has already been claimed with this email address. Each person can claim one invitation.";
export const ALREADY_CLAIMED_MESSAGE = "You have already claimed an invitation.";
export const USED_INVITATION_DELETE_MESSAGE = "A used invitation cannot be deleted.";
export const NO_INVITES_FREE_MESSAGE = `You have no invitations left. Free accounts get ${FREE_INVITES_TOTAL} invitations in total; Upgrade to Pro for more.`;
export const NO_INVITES_RENEWABLE_MESSAGE = `You have no invitations left. ${PRO_INVITES_RENEWAL} more become available once your current ones are used.`;

/** Referral months an inviter can earn in any 12 months (docs/decisions/0163). */
export const REFERRAL_MONTHS_PER_YEAR = 12;

/** The referral rule in plain words, on the invitations page. */
export const REFERRAL_RULE_NOTE = `You can earn up to ${REFERRAL_MONTHS_PER_YEAR} months of Pro in any 12 months this way. Each person counts once: one email address, however it is written (with +tags, or with dots in a Gmail address), can claim one invitation, and never one of its own.`;

/** Since when a claim counts towards the inviter's yearly cap: a rolling year, so no calendar date doubles it. */
export function referralWindowStart(now: Date): Date {
  return subYears(now, 1);
}

/** Whether one more claim earns the inviter a month, given the months their claims earned since referralWindowStart. */
export function inviterEarnsMonth(monthsEarnedInWindow: number): boolean {
  return monthsEarnedInWindow < REFERRAL_MONTHS_PER_YEAR;
}

/** What the Invite a Friend card says about the allowance. */
export const FREE_INVITES_NOTE = `Free accounts are limited to ${FREE_INVITES_TOTAL} invitations in total. Upgrade to Pro for renewable invitations.`;
export const RENEWABLE_INVITES_NOTE = `Your invitations renew: ${PRO_INVITES_RENEWAL} more become available once all your current ones are used.`;
export const NO_BILLING_INVITES_NOTE = `${PRO_INVITES_RENEWAL} more invitations become available each time all your current ones are used.`;
export const TRIAL_INVITES_NOTE = `During your trial your invitations renew: ${PRO_INVITES_RENEWAL} more become available once all your current ones are used. After it, free accounts are limited to ${FREE_INVITES_TOTAL} invitations in total.`;

/**
 * The allowance note for who is looking: Pro renews for good, a trial renews until it ends, a free
 * account after its trial has its total. Without billing there are no plans to name.
 */
export function invitesNote(
  plan: { accountType: "free" | "pro"; renewableInvites: boolean; inTrial: boolean },
  billingEnabled: boolean,
): string {
  if (!billingEnabled) return NO_BILLING_INVITES_NOTE;
  if (!plan.renewableInvites) return FREE_INVITES_NOTE;
  return plan.accountType === "free" && plan.inTrial ? TRIAL_INVITES_NOTE : RENEWABLE_INVITES_NOTE;
}

export type InviteAllowanceInput = {
  /** User.invitesGranted: invitations the account may have created so far. */
  granted: number;
  /** Invitations the user has created and not deleted, used or not. */
  created: number;
  used: number;
  /** entitlements().renewableInvites: Pro, trial, or billing off. */
  renewable: boolean;
};

export type InviteAllowance = { granted: number; available: number };

/**
 * The allowance with the renewal applied: once every granted invitation has been created and used,
 * a renewable account gets PRO_INVITES_RENEWAL more. A free account keeps its grant for good.
 */
export function inviteAllowance({ granted, created, used, renewable }: InviteAllowanceInput): InviteAllowance {
  const renewed = renewable && used >= granted ? granted + PRO_INVITES_RENEWAL : granted;
  return { granted: renewed, available: Math.max(0, renewed - created) };
}

export function noInvitesMessage(renewable: boolean): string {
  return renewable ? NO_INVITES_RENEWABLE_MESSAGE : NO_INVITES_FREE_MESSAGE;
}

/** The claim page of an invitation code, on the given origin. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}/invite/${encodeURIComponent(code)}`;
}
