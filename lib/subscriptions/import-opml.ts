import "server-only";
import { BUILT_IN_CATEGORIES, DEFAULT_CATEGORY, findExistingCategory } from "@/lib/categories/rules";
import { categoryNameField } from "@/lib/categories/schemas";
import { lockUsers } from "@/lib/db/lock-users";
import { inTransaction } from "@/lib/db/transaction";
import { MAX_TITLE_LENGTH } from "@/lib/links/schemas";
import { normalizeUrl } from "@/lib/links/url";
import { MAX_OPML_FEEDS, MAX_SUBSCRIPTIONS_PER_USER } from "@/lib/subscriptions/limits";
import type { OpmlFeed } from "@/lib/subscriptions/opml";
import { PRIMING_ITEMS, primeSubscription, stashOwedDeliveries } from "@/lib/subscriptions/deliver";
import { countSubscriptions, selectNewestItemIds, selectWaitingOnReadFeeds } from "@/lib/subscriptions/queries";
import {
  insertMissingSources,
  insertSubscriptions,
  sourceIdsByUrl,
  subscribedUrls,
  type NewSource,
} from "@/lib/subscriptions/opml-queries";

// Subscribes a user to the feeds of an OPML file (decision 0417). Nothing is fetched here: a new
// feed address is due for a check at once, and the check gives every unprimed subscription its
// newest items; a feed someone else follows has been read already, and its stored newest items
// come in at once. The list goes in under the user's row lock, so two imports (or an import and a
// subscribe) cannot both pass the subscription cap.

export type FeedImportCounts = {
  subscribed: number;
  alreadySubscribed: number;
  /** Feeds left out: past the file's limit or the account's. */
  cut: number;
  /** Why they were left out, in words; null when none was. */
  cutBecause: string | null;
  /** Addresses a link could not have (too long, a user name and password, no host name). */
  unreadable: number;
};

type Candidate = NewSource & { category: string | null };

/**
 * The category a folder names, by the rules of a category typed in Settings: a built-in name takes
 * its own spelling, Uncategorized and a name no category may have are no category.
 */
export function folderCategory(folder: string | null): string | null {
  const parsed = categoryNameField.safeParse(folder);
  if (!parsed.success) return null;
  const name = findExistingCategory(parsed.data, BUILT_IN_CATEGORIES, []) ?? parsed.data;
  return name === DEFAULT_CATEGORY ? null : name;
}

function candidateOf(feed: OpmlFeed): Candidate | null {
  const url = normalizeUrl(feed.url);
  if (!url.ok) return null;
  const site = feed.siteUrl ? normalizeUrl(feed.siteUrl) : null;
  return {
    url: url.url,
    title: feed.title?.slice(0, MAX_TITLE_LENGTH).toWellFormed() ?? null,
    siteUrl: site?.ok ? site.url : null,
    category: folderCategory(feed.folder),
  };
}

const count = (n: number) => n.toLocaleString("en-US");

function cutReason(overFile: number, overAccount: number): string | null {
  const reasons = [
    overFile > 0 ? `one file brings at most ${count(MAX_OPML_FEEDS)} feeds` : null,
    overAccount > 0 ? `an account follows at most ${count(MAX_SUBSCRIPTIONS_PER_USER)} feeds` : null,
  ].filter((reason) => reason !== null);
  return reasons.length > 0 ? reasons.join(" and ") : null;
}

/** Subscribes `userId` to `feeds` (read from one file, `cutFromFile` more left unread). */
export async function subscribeToOpmlFeeds(
  userId: string,
  feeds: OpmlFeed[],
  cutFromFile: number,
  now = new Date(),
): Promise<FeedImportCounts> {
  const candidates = new Map<string, Candidate>();
  let unreadable = 0;
  for (const feed of feeds) {
    const candidate = candidateOf(feed);
    if (!candidate) unreadable += 1;
    else if (!candidates.has(candidate.url)) candidates.set(candidate.url, candidate);
  }
  const { subscribed, alreadySubscribed, overAccount } = await inTransaction(async (tx) => {
    await lockUsers(tx, [userId], "noKeyUpdate");
    const already = await subscribedUrls(tx, userId, [...candidates.keys()]);
    const room = Math.max(0, MAX_SUBSCRIPTIONS_PER_USER - (await countSubscriptions(userId, tx)));
    const fresh = [...candidates.values()].filter((candidate) => !already.has(candidate.url));
    const taken = fresh.slice(0, room);
    const counts = { subscribed: 0, alreadySubscribed: already.size, overAccount: fresh.length - taken.length };
    if (taken.length === 0) return counts;
    await insertMissingSources(
      tx,
      taken.map(({ url, title, siteUrl }) => ({ url, title, siteUrl })),
      now,
    );
    const ids = await sourceIdsByUrl(
      tx,
      taken.map((candidate) => candidate.url),
    );
    const rows = taken.flatMap((candidate) => {
      const sourceId = ids.get(candidate.url);
      return sourceId ? [{ sourceId, category: candidate.category }] : [];
    });
    return { ...counts, subscribed: await insertSubscriptions(tx, userId, rows) };
  });
  if (subscribed > 0) await startOnReadFeeds(userId, now);
  return {
    subscribed,
    alreadySubscribed,
    cut: cutFromFile + overAccount,
    cutBecause: cutReason(cutFromFile, overAccount),
    unreadable,
  };
}

/** Starts the user's new subscriptions to feeds already read, from their stored items (a few each, at most the cap). */
async function startOnReadFeeds(userId: string, now: Date): Promise<void> {
  const waiting = await selectWaitingOnReadFeeds(userId);
  for (const subscription of waiting) {
    await primeSubscription(subscription, await selectNewestItemIds(subscription.sourceId, PRIMING_ITEMS), now);
  }
  await stashOwedDeliveries(
    waiting.map((subscription) => subscription.id),
    now,
  );
}
