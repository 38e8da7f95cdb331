// Pure plan rules (DESIGN.md §3): what a user may do at a given moment.

export const TRIAL_DAYS = 14;
export const FREE_INVITES_TOTAL = 2;
export const PRO_INVITES_RENEWAL = 2;

export type EmailFrequencyName = "daily" | "weekly" | "custom" | "none";
export const ALL_FREQUENCIES: readonly EmailFrequencyName[] = ["daily", "weekly", "custom", "none"];
export const FREE_FREQUENCIES: readonly EmailFrequencyName[] = ["weekly", "none"];

export type PlanUser = { trialEndsAt: Date | null; proUntil: Date | null };

export type Entitlements = {
  accountType: "free" | "pro";
  inTrial: boolean;
  /** Pro features apply: Pro, in trial, or billing not set up yet. */
  fullAccess: boolean;
  /** Links per local day; null = unlimited. */
  dailyLinkLimit: number | null;
  /** Manual digests per local day; null = unlimited. */
  dailyManualDigestLimit: number | null;
  frequencies: readonly EmailFrequencyName[];
  renewableInvites: boolean;
};

export function isPro(user: PlanUser, now: Date): boolean {
  return user.proUntil !== null && user.proUntil.getTime() > now.getTime();
}

export function isInTrial(user: PlanUser, now: Date): boolean {
  return !isPro(user, now) && user.trialEndsAt !== null && user.trialEndsAt.getTime() > now.getTime();
}

/** Limits are enforced only when billing is enabled: until then every feature remains available. */
export function entitlements(user: PlanUser, now: Date, billingEnabled: boolean): Entitlements {
  const pro = isPro(user, now);
  const inTrial = isInTrial(user, now);
  const fullAccess = pro || inTrial || !billingEnabled;
  return {
    accountType: pro ? "pro" : "free",
    inTrial,
    fullAccess,
    dailyLinkLimit: fullAccess ? null : 1,
    dailyManualDigestLimit: fullAccess ? null : 1,
    frequencies: fullAccess ? ALL_FREQUENCIES : FREE_FREQUENCIES,
    // "2 invitations in total" is a free limit, lifted like the others while billing is off.
    renewableInvites: fullAccess,
  };
}

/** Trial days left, rounded up and floored at 0 (SPEC §4). */
export function trialDaysLeft(trialEndsAt: Date, now: Date): number {
  const days = Math.ceil((trialEndsAt.getTime() - now.getTime()) / 86_400_000);
  return Math.max(0, days);
}
