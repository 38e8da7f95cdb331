import "server-only";
import { randomBytes } from "node:crypto";
import { categoryKey } from "@/lib/categories/rules";
import { env } from "@/lib/env";
import { lastChangedAt } from "@/lib/links/last-change";
import type { User } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { listLinkCategories } from "@/lib/links/service";
import { atomFeed, type AtomEntry } from "@/lib/feeds/atom";
import {
  feedLinks,
  type FeedFilter,
  setFeedKey,
  setFeedKeyIfUnset,
  userByFeedKey,
  userById,
} from "@/lib/feeds/queries";
import type { FeedAddresses } from "@/lib/feeds/schemas";
import { feedValidator } from "@/lib/feeds/validator";
import { isNotModified, notModified, validatorHeaders } from "@/lib/http/conditional-get";

// Private Atom feeds of a user's links, for feed readers (decision 0410): unread, Favorites and each
// category, at addresses holding a secret of 256 random bits. Whoever has an address reads that
// feed, as with a private podcast feed; New addresses replaces the secret, and the old addresses
// answer 404.

/** The newest links a feed holds. */
export const FEED_ENTRIES = 50;

const FEED_NOT_FOUND = "There is no feed at this address. Copy its new address from Settings → Feeds.";

const newFeedKey = () => randomBytes(32).toString("base64url");

function addressesOf(key: string, categories: string[]): FeedAddresses {
  const base = `${env.appUrl}/api/feeds/${key}`;
  return {
    unread: `${base}/unread`,
    favorites: `${base}/favorites`,
    categories: categories.map((name) => ({ name, url: `${base}/categories/${encodeURIComponent(name)}` })),
  };
}

/** The user's feed addresses, the secret made now if the user has none yet. */
export async function feedAddresses(user: User): Promise<FeedAddresses> {
  let current = user;
  if (!current.feedKey) {
    await setFeedKeyIfUnset(user.id, newFeedKey());
    current = await userById(user.id);
  }
  if (!current.feedKey) throw new Error("a feed key was just set and is missing");
  return addressesOf(current.feedKey, await listLinkCategories(user));
}

/** New addresses: the old ones stop working at once. */
export async function regenerateFeedAddresses(user: User): Promise<FeedAddresses> {
  const updated = await setFeedKey(user.id, newFeedKey());
  if (!updated.feedKey) throw new Error("a feed key was just set and is missing");
  return addressesOf(updated.feedKey, await listLinkCategories(user));
}

/** Which feed a path names: `unread`, `favorites` or `categories/<name>` (the user's spelling). */
async function filterOf(user: User, feed: string): Promise<{ filter: FeedFilter; title: string; page: string }> {
  if (feed === "unread")
    return { filter: { userId: user.id, list: "unread" }, title: "Unread", page: "/history?unread=1" };
  if (feed === "favorites")
    return { filter: { userId: user.id, list: "favorites" }, title: "Favorites", page: "/history" };
  const named = /^categories\/(.+)$/.exec(feed)?.[1];
  if (named) {
    const category = (await listLinkCategories(user)).find((name) => categoryKey(name) === categoryKey(named));
    if (category)
      return {
        filter: { userId: user.id, list: "category", category },
        title: category,
        page: `/history?category=${encodeURIComponent(category)}`,
      };
  }
  throw notFound(FEED_NOT_FOUND);
}

/**
 * GET /api/feeds/{id}/{feed} ({id}: the feeds' secret): the feed as Atom, 304 when the reader's copy is current, or 404 for a
 * wrong secret or an unknown feed.
 */
export async function feedResponse(key: string, feed: string, request: Headers): Promise<Response> {
  const user = /^[A-Za-z0-9_-]{43}$/.test(key) ? await userByFeedKey(key) : null;
  if (!user) throw notFound(FEED_NOT_FOUND);
  const { filter, title, page } = await filterOf(user, feed);
  const validator = await feedValidator(user, `feed:${feed}`);
  const headers = {
    "content-type": "application/atom+xml; charset=utf-8",
    "cache-control": "private, no-cache",
    // The address is the credential: never sent on to another site by a link in an entry.
    "referrer-policy": "no-referrer",
    ...validatorHeaders(validator),
  };
  if (isNotModified(request, validator)) return notModified(headers);
  const links = await feedLinks(filter, FEED_ENTRIES);
  const host = new URL(env.appUrl).hostname;
  const entries: AtomEntry[] = links.map((link) => ({
    id: `tag:${host},2026:link:${link.serial}`,
    title: link.title ?? link.url,
    link: link.url,
    published: link.createdAt,
    updated: lastChangedAt(link),
    summary: link.notes,
    contentHtml: link.article?.status === "ready" ? link.article.contentHtml : null,
    categories: link.categories,
  }));
  const updated = entries.reduce((newest, entry) => (entry.updated > newest ? entry.updated : newest), user.createdAt);
  const xml = atomFeed({
    id: `tag:${host},2026:feed:${user.serial}:${filter.list === "category" ? `category:${categoryKey(filter.category)}` : filter.list}`,
    title: `LinkStash: ${title}`,
    self: `${env.appUrl}/api/feeds/${key}/${feed}`,
    alternate: `${env.appUrl}${page}`,
    updated,
    entries,
  });
  return new Response(xml, { headers });
}
