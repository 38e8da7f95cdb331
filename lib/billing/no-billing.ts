// What the screens and emails say on a server without billing (no STRIPE_SECRET_KEY): it has no
// plans, so there is no trial, no upgrade and no Pro time to earn, and every feature is included
// for every account (docs/decisions/0304). With billing on, the plan words stay as they are.

export const EVERYTHING_INCLUDED_TITLE = "Everything included";
/** Under the Pricing headings, where a server with billing says "Start free. Upgrade when you want more." */
export const EVERYTHING_INCLUDED_SUBTITLE = "Every feature is included, for every account.";
export const EVERYTHING_INCLUDED = "This server has no paid plans: every feature is included for every account.";
export const EVERYTHING_INCLUDED_FEATURES = [
  "Unlimited links per day",
  "Daily, weekly or custom digests",
  "Advanced organisation",
  "Unlimited manual digests",
  "Invitations for your friends",
] as const;

/** Under the Send Digest Now button: no free and Pro allowances to compare. */
export const MANUAL_DIGESTS_NOTE = "You can send your digest whenever you like.";
