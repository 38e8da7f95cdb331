import "server-only";
import { DEFAULT_CATEGORY } from "@/lib/categories/rules";
import { isRecordId } from "@/lib/db/input";
import { verifySaveFeedItemToken } from "@/lib/digests/save-feed-item-token";
import type { EmailActionStatus } from "@/lib/digests/email-action-response";
import type { User } from "@/lib/generated/prisma/client";
import { linkSchema } from "@/lib/links/schemas";
import { saveLink, type SavedLink } from "@/lib/links/service";
import { feedItemOf, feedItemReader, linkFeedItem, listedFeedItems } from "@/lib/subscriptions/feed-item-queries";
import type { FeedItemResponse } from "@/lib/subscriptions/feed-item-schemas";

// Items of feeds that go to the digest (decision 0418): listed on the dashboard, and saved to the
// stash from there or from a digest's "Save to stash" link, once.

type Listed = Awaited<ReturnType<typeof listedFeedItems>>[number];

const feedName = (source: { title: string | null; url: string }) => source.title?.trim() || source.url;

function toFeedItemResponse(row: Listed): FeedItemResponse {
  return {
    id: row.item.id,
    title: row.item.title,
    url: row.item.url,
    feed: feedName(row.item.source),
    owedAt: row.createdAt.toISOString(),
    digestedAt: row.digestedAt?.toISOString() ?? null,
  };
}

/** The dashboard's "From your feeds": items waiting for a digest or digested lately, not saved. */
export async function listFeedItems(userId: string, now = new Date()): Promise<FeedItemResponse[]> {
  return (await listedFeedItems(userId, now)).map(toFeedItemResponse);
}

/**
 * Saves the reader's feed item to their stash as a link, through saveLink (the plan's daily limit,
 * the rate limits, the page's fetch owed), titled as the feed has it and filed in its subscription's
 * category; then records the link on the item. Saving again answers the same link. Null when the
 * reader has no such item (another user's, or unsubscribed since).
 */
export async function saveFeedItem(user: User, itemId: string, ip: string | null): Promise<SavedLink | null> {
  // An id no row can have (a null byte breaks the query) is not found, like any other.
  const owed = isRecordId(itemId) ? await feedItemOf(user.id, itemId) : null;
  if (!owed) return null;
  if (owed.link) return { link: owed.link, created: false };
  const category = owed.subscription.category ?? DEFAULT_CATEGORY;
  const payload = linkSchema.safeParse({ url: owed.item.url, title: owed.item.title, categories: [category] });
  // The checker stored a web address and a category that passed these rules: a failure here is a rule
  // changed since, and the address alone is still worth saving.
  const saved = await saveLink(
    user,
    payload.success
      ? payload.data
      : { url: owed.item.url, title: null, notes: null, category: DEFAULT_CATEGORY, categories: [DEFAULT_CATEGORY] },
    ip,
  );
  await linkFeedItem(owed.subscriptionId, itemId, saved.link.id);
  return saved;
}

/** What the digest's "Save to stash" page shows for a token; reads only. */
export async function saveFeedItemStatus(token: string | undefined): Promise<EmailActionStatus> {
  const claim = verifySaveFeedItemToken(token);
  if (!claim || !token) return { state: "invalid" };
  const owed = await feedItemOf(claim.userId, claim.itemId);
  if (!owed) return { state: "gone" };
  return {
    state: "found",
    token,
    title: owed.item.title,
    url: owed.item.url,
    done: owed.link !== null,
    comesBackOn: null,
  };
}

/** Applies a digest's "Save to stash" token, without a session; repeating it saves nothing more. */
export async function applySaveFeedItem(token: string, ip: string | null): Promise<"invalid" | "gone" | SavedLink> {
  const claim = verifySaveFeedItemToken(token);
  if (!claim) return "invalid";
  const user = await feedItemReader(claim.userId);
  if (!user) return "gone";
  return (await saveFeedItem(user, claim.itemId, ip)) ?? "gone";
}
