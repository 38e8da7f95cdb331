// The sentence the Settings card shows when an import ends.

type FeedCounts = { subscribed: number; alreadySubscribed: number; cut: number; cutBecause: string | null };

export type ImportResult = {
  imported: number;
  skipped: number;
  errors: number;
  problems?: { line: number; reason: string }[];
  error?: string | null;
  /** An OPML list of feeds only. */
  feeds?: FeedCounts;
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function feedSummary(feeds: FeedCounts, unreadable: number): string {
  const sentences = [
    feeds.subscribed > 0
      ? `${count(feeds.subscribed, "feed", "feeds")} subscribed; their newest posts come into your stash at each feed's next check, usually within the hour.`
      : "No new feeds subscribed.",
  ];
  if (feeds.alreadySubscribed > 0)
    sentences.push(`${count(feeds.alreadySubscribed, "feed", "feeds")} already subscribed.`);
  if (unreadable > 0) sentences.push(`${count(unreadable, "address", "addresses")} could not be read.`);
  if (feeds.cut > 0)
    sentences.push(`${count(feeds.cut, "feed", "feeds")} left out${feeds.cutBecause ? `: ${feeds.cutBecause}` : ""}.`);
  return sentences.join(" ");
}

export function importSummary(result: ImportResult): string {
  if (result.feeds) return feedSummary(result.feeds, result.errors);
  const parts = [`Imported ${count(result.imported, "link", "links")}`];
  if (result.skipped > 0) parts.push(`skipped ${count(result.skipped, "duplicate", "duplicates")}`);
  let sentence = parts.join(", ");
  if (result.errors > 0) {
    const listed = (result.problems ?? []).map((problem) => `line ${problem.line}: ${problem.reason}`).join("; ");
    sentence += `, ${count(result.errors, "row", "rows")} could not be read${listed ? `: ${listed}` : ""}`;
  }
  sentence += ".";
  return result.error ? `${sentence} The import stopped early: ${result.error}` : sentence;
}
