import "server-only";
import { isRecordId } from "@/lib/db/input";
import { env } from "@/lib/env";
import { isSignatureOf, sign } from "@/lib/auth/signatures";

// The one-click "Save to stash" under each feed item of a digest (decision 0418). Like the links'
// one-click actions (email-actions.ts), the signed token names the item and its reader and is the
// only credential; it does not expire and stops working when AUTH_SECRET changes. Its page changes
// nothing when opened (mail scanners fetch links); the page's form POSTs.

const message = (itemId: string, userId: string) => `save-feed-item:${itemId}:${userId}`;

/** "<item id>.<user id>.<HMAC>": ids are [A-Za-z0-9_-], so the dots separate them unambiguously. */
export function saveFeedItemToken(itemId: string, userId: string): string {
  return `${itemId}.${userId}.${sign(message(itemId, userId)).toString("base64url")}`;
}

/** The feed item and reader a token was signed for, or null for anything else. */
export function verifySaveFeedItemToken(token: string | null | undefined): { itemId: string; userId: string } | null {
  if (typeof token !== "string") return null;
  const [itemId, userId, signaturePart, ...rest] = token.split(".");
  if (!itemId || !userId || !signaturePart || rest.length > 0) return null;
  if (!isRecordId(itemId) || !isRecordId(userId) || !isSignatureOf(signaturePart, message(itemId, userId))) return null;
  return { itemId, userId };
}

/** The page that saves the feed item to the reader's stash: /save-feed-item. */
export function saveFeedItemUrl(itemId: string, userId: string): string {
  return `${env.appUrl}/save-feed-item?token=${encodeURIComponent(saveFeedItemToken(itemId, userId))}`;
}
