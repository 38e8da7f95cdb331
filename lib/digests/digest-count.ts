// How many links a digest holds, counted once: the mail's count line, its subject, the list (links
// shown whole, one-line entries and "and N more") and Send now's answer all read it, so they agree.
// Pure: the email template, the plain text and the tests use it too.

export type DigestCount = {
  /** Unread links saved in the digest's window, not counting those under "Back today". */
  fresh: number;
  /** Links that come back: "Back today" and "From your stash". */
  back: number;
  /** Items of the user's feeds that go to the digest: "From your feeds" (decision 0418). */
  feed: number;
  /** Every link of the digest: fresh + back + feed. */
  total: number;
};

export function digestCount({
  total,
  reminders,
  rediscovered,
  feeds = [],
}: {
  /** The window's new links, all of them (the digest lists the newest; this counts them all). */
  total: number;
  reminders: readonly unknown[];
  rediscovered: readonly unknown[];
  feeds?: readonly { items: readonly unknown[] }[];
}): DigestCount {
  const back = reminders.length + rediscovered.length;
  const feed = feeds.reduce((sum, one) => sum + one.items.length, 0);
  return { fresh: total, back, feed, total: total + back + feed };
}

export const linksWord = (count: number): string => `${count} ${count === 1 ? "link" : "links"}`;

/**
 * The mail's count line, which states `count.total`: "Here are the 12 links you saved since your last
 * digest.", "Here are 14 links: 12 you saved since your last digest, and 2 that came back.",
 * "Nothing new saved today, but 2 links came back." Feed items are said after them: "… Also 3 new
 * items from your feeds.", or "Nothing new since your last digest, but 3 new items from your feeds."
 * `period` is "since your last digest", "since your last scheduled digest" or "today".
 */
export function countLine(count: DigestCount, period: string): string {
  const { feed } = count;
  if (feed === 0) return linesLine(count, period);
  const items = `${feed} new ${feed === 1 ? "item" : "items"} from your feeds`;
  if (count.fresh + count.back === 0)
    return `Nothing new ${period === "today" ? "saved today" : period}, but ${items}.`;
  return `${linesLine(count, period)} Also ${items}.`;
}

/** The count line of the stash's own links (new and come back). */
function linesLine(count: DigestCount, period: string): string {
  const { fresh, back } = count;
  const total = fresh + back;
  if (fresh === 0) {
    const cameBack = back === 1 ? "one link came back" : `${back} links came back`;
    return `Nothing new ${period === "today" ? "saved today" : period}, but ${cameBack}.`;
  }
  if (back === 0) return `Here ${fresh === 1 ? "is the link" : `are the ${fresh} links`} you saved ${period}.`;
  return `Here are ${total} links: ${fresh} you saved ${period}, and ${back} that came back.`;
}
