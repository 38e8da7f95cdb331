// How many links a digest holds, counted once: the mail's count line, its subject, the list (links
// shown whole, one-line entries and "and N more") and Send now's answer all read it, so they agree.
// Pure: the email template, the plain text and the tests use it too.

export type DigestCount = {
  /** Unread links saved in the digest's window, not counting those under "Back today". */
  fresh: number;
  /** Links that come back: "Back today" and "From your stash". */
  back: number;
  /** Every link of the digest: fresh + back. */
  total: number;
};

export function digestCount({
  total,
  reminders,
  rediscovered,
}: {
  /** The window's new links, all of them (the digest lists the newest; this counts them all). */
  total: number;
  reminders: readonly unknown[];
  rediscovered: readonly unknown[];
}): DigestCount {
  const back = reminders.length + rediscovered.length;
  return { fresh: total, back, total: total + back };
}

export const linksWord = (count: number): string => `${count} ${count === 1 ? "link" : "links"}`;

/**
 * The mail's count line, which states `count.total`: "Here are the 12 links you saved since your last
 * digest.", "Here are 14 links: 12 you saved since your last digest, and 2 that came back.",
 * "Nothing new saved today, but 2 links came back." `period` is "since your last digest", "since
 * your last scheduled digest" or "today".
 */
export function countLine(count: DigestCount, period: string): string {
  const { fresh, back, total } = count;
  if (fresh === 0) {
    const cameBack = back === 1 ? "one link came back" : `${back} links came back`;
    return `Nothing new ${period === "today" ? "saved today" : period}, but ${cameBack}.`;
  }
  if (back === 0) return `Here ${fresh === 1 ? "is the link" : `are the ${fresh} links`} you saved ${period}.`;
  return `Here are ${total} links: ${fresh} you saved ${period}, and ${back} that came back.`;
}
