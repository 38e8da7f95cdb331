// Pure plan rules (docs/product.md, "Plans and prices" and "Limits"): what a user may do at a given moment.

export const TRIAL_DAYS = 14;
export const FREE_INVITES_TOTAL = 2;
export const PRO_INVITES_RENEWAL = 2;

export const ALL_FREQUENCIES = ["daily", "weekly", "custom", "none"] as const;
export type EmailFrequencyName = (typeof ALL_FREQUENCIES)[number];
export const FREE_FREQUENCIES: readonly EmailFrequencyName[] = ["weekly", "none"];

/**
 * The plan fields of a user. `proUntil` is Pro time granted outside Stripe (invitation months); the
 * subscription counts through its status and current period end as last read from Stripe.
 */
export type PlanUser = {
  trialEndsAt: Date | null;
  proUntil: Date | null;
  stripeSubscriptionStatus?: string | null;
  stripeCurrentPeriodEnd?: Date | null;
};

/**
 * Subscription statuses that grant Pro until the current period ends. past_due counts: Stripe is
 * still retrying the renewal payment, and when it gives up the subscription turns canceled or unpaid.
 */
export const PRO_SUBSCRIPTION_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

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

/** The current period end of a subscription whose status grants Pro, else null (ended or never paid). */
export function subscriptionProEnd(user: PlanUser): Date | null {
  const status = user.stripeSubscriptionStatus;
  if (!status || !PRO_SUBSCRIPTION_STATUSES.includes(status)) return null;
  return user.stripeCurrentPeriodEnd ?? null;
}

export function isPro(user: PlanUser, now: Date): boolean {
  const ends = [user.proUntil, subscriptionProEnd(user)];
  return ends.some((end) => end !== null && end.getTime() > now.getTime());
}

/** When Pro ends: the later of the invitation time and the subscription's period; null when neither exists. */
export function proEndsAt(user: PlanUser): Date | null {
  const ends = [user.proUntil, subscriptionProEnd(user)].filter((end) => end !== null);
  if (ends.length === 0) return null;
  return new Date(Math.max(...ends.map((end) => end.getTime())));
}

/** One calendar month later in UTC; a day the next month lacks clamps to its last day (Jan 31 -> Feb 28/29). */
export function addCalendarMonth(date: Date): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/**
 * The new `proUntil` after one earned month of Pro (an invitation claimed or a friend joined): the
 * month starts where Pro would otherwise end (now, invitation time or a paid period, whichever is
 * last), so a reward never overlaps time the user already has.
 */
export function addProMonth(user: PlanUser, now: Date): Date {
  const starts = [now, user.proUntil, subscriptionProEnd(user)].filter((start) => start !== null);
  return addCalendarMonth(new Date(Math.max(...starts.map((start) => start.getTime()))));
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

/** Trial days left, rounded up and floored at 0. */
export function trialDaysLeft(trialEndsAt: Date, now: Date): number {
  const days = Math.ceil((trialEndsAt.getTime() - now.getTime()) / 86_400_000);
  return Math.max(0, days);
}
