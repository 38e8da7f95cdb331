import "server-only";
import { isRecordId } from "@/lib/db/input";
import { env } from "@/lib/env";
import { isSignatureOf, sign } from "@/lib/auth/signatures";

// The one-click links under each link of a digest: "Mark as read", "Snooze a week" and, for a link
// brought back from the stash, "Not interested". The signed token names the action, the link and its
// owner and is the only credential: the reader may open the email where they are not signed in.
// Like unsubscribe tokens they do not expire and stop working when AUTH_SECRET changes. Each action
// has its own page, which changes nothing when opened (mail scanners fetch links); the page POSTs.

export const EMAIL_ACTIONS = ["mark-read", "snooze", "not-interested"] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];

const message = (action: EmailAction, linkId: string, userId: string) => `${action}:${linkId}:${userId}`;

/** "<link id>.<user id>.<HMAC>": ids are [A-Za-z0-9_-], so the dots separate them unambiguously. */
export function emailActionToken(action: EmailAction, linkId: string, userId: string): string {
  return `${linkId}.${userId}.${sign(message(action, linkId, userId)).toString("base64url")}`;
}

/** The link and owner a token was signed for with this action, or null for anything else. */
export function verifyEmailActionToken(
  action: EmailAction,
  token: string | null | undefined,
): { linkId: string; userId: string } | null {
  if (typeof token !== "string") return null;
  const [linkId, userId, signaturePart, ...rest] = token.split(".");
  if (!linkId || !userId || !signaturePart || rest.length > 0) return null;
  if (!isRecordId(linkId) || !isRecordId(userId) || !isSignatureOf(signaturePart, message(action, linkId, userId)))
    return null;
  return { linkId, userId };
}

/** The page that confirms `action` on the link: /mark-read, /snooze or /not-interested. */
export function emailActionUrl(action: EmailAction, linkId: string, userId: string): string {
  return `${env.appUrl}/${action}?token=${encodeURIComponent(emailActionToken(action, linkId, userId))}`;
}
