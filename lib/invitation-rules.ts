import { FREE_INVITES_TOTAL, PRO_INVITES_RENEWAL } from "@/lib/plans";

// Pure invitation rules and texts (DESIGN.md §3 "Invitations", "Plans and limits"), shared by the
// server and the invitation screens.

/** Months of Pro a claim gives the claimer, and the inviter. SPEC's "2 months" toast is a misprint. */
export const INVITATION_REWARD_MONTHS = 1;

export const INVITATION_VALID_MESSAGE = "This invitation gives you 1 month of Pro for free.";
export const INVITATION_INVALID_MESSAGE = "This invitation is invalid or has already been claimed.";
export const INVITATION_CLAIMED_MESSAGE = "Invitation claimed! You now have 1 month of Pro.";
export const OWN_INVITATION_MESSAGE = "You cannot claim your own invitation.";
export const ALREADY_CLAIMED_MESSAGE = "You have already claimed an invitation.";
export const USED_INVITATION_DELETE_MESSAGE = "A used invitation cannot be deleted.";
export const NO_INVITES_FREE_MESSAGE = `You have no invitations left. Free accounts get ${FREE_INVITES_TOTAL} invitations in total; Upgrade to Pro for more.`;
export const NO_INVITES_RENEWABLE_MESSAGE = `You have no invitations left. ${PRO_INVITES_RENEWAL} more become available once your current ones are used.`;

/** What the Invite a Friend card says about the allowance. */
export const FREE_INVITES_NOTE = `Free accounts are limited to ${FREE_INVITES_TOTAL} invitations in total. Upgrade to Pro for renewable invitations.`;
export const RENEWABLE_INVITES_NOTE = `Your invitations renew: ${PRO_INVITES_RENEWAL} more become available once all your current ones are used.`;

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
