// The words Settings → Feed subscriptions shows for a subscription (docs/product.md, "Screens and
// texts"): where its items go, when it was last checked and how its last check went.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago": how long ago `at` was. */
export function timeAgo(at: Date, now: Date): string {
  // A device whose clock runs behind the server's sees a check "in the future": it was just now.
  const ms = Math.max(0, now.getTime() - at.getTime());
  if (ms < MINUTE_MS) return "just now";
  if (ms < HOUR_MS) return `${plural(Math.floor(ms / MINUTE_MS), "minute")} ago`;
  if (ms < DAY_MS) return `${plural(Math.floor(ms / HOUR_MS), "hour")} ago`;
  return `${plural(Math.floor(ms / DAY_MS), "day")} ago`;
}

/** "Last checked 5 minutes ago", or "Not checked yet" before the first check. */
export function lastCheckedWords(checkedAt: string | null, now: Date): string {
  return checkedAt === null ? "Not checked yet" : `Last checked ${timeAgo(new Date(checkedAt), now)}`;
}

/** Where a subscription's new items go, in the order the forms offer them; plain, so a page need not load zod. */
export const SUBSCRIPTION_INTO = ["stash", "digest"] as const;
export type SubscriptionInto = (typeof SUBSCRIPTION_INTO)[number];

export const isInto = (value: string): value is SubscriptionInto =>
  SUBSCRIPTION_INTO.some((choice) => choice === value);

export const INTO_LABELS: Record<SubscriptionInto, string> = {
  stash: "Save to my stash",
  digest: "Only list them in my digest",
};

/** Where a subscription's new items go, as its row says it. */
export const INTO_SUMMARIES: Record<SubscriptionInto, string> = {
  stash: "New items are saved to your stash",
  digest: "New items are listed in your digest",
};

/** The toast's text once subscribed: the newest items (up to 5) came in at once. */
export function subscribedWords(title: string, into: SubscriptionInto): { title: string; description: string } {
  return {
    title: `Subscribed to ${title}`,
    description:
      into === "stash"
        ? "Its newest items (up to 5) are in your stash."
        : "Its newest items (up to 5) will be in your next digest.",
  };
}
