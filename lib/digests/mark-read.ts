import "server-only";
import { getDb } from "@/lib/db/client";
import { isRecordId } from "@/lib/db/input";
import { env } from "@/lib/env";
import { badRequest, notFound } from "@/lib/http/errors";
import { isSignatureOf, sign } from "@/lib/auth/signatures";

// A digest's "Mark as read" link (one per listed link). The signed token names the link and its
// owner and is the only credential: the reader may open the email where they are not signed in.
// Like unsubscribe tokens they do not expire and stop working when AUTH_SECRET changes. Opening
// the page changes nothing (mail scanners fetch links); the page POSTs to mark the link read.

export const MARK_READ_INVALID_MESSAGE = "This link is invalid.";
export const MARK_READ_GONE_MESSAGE = "This link is no longer in your stash.";

const message = (linkId: string, userId: string) => `mark-read:${linkId}:${userId}`;

/** "<link id>.<user id>.<HMAC>": ids are [A-Za-z0-9_-], so the dots separate them unambiguously. */
export function markReadToken(linkId: string, userId: string): string {
  return `${linkId}.${userId}.${sign(message(linkId, userId)).toString("base64url")}`;
}

/** The link and owner a token was signed for, or null for anything else (tampered, truncated, garbage). */
export function verifyMarkReadToken(token: string | null | undefined): { linkId: string; userId: string } | null {
  if (typeof token !== "string") return null;
  const [linkId, userId, signaturePart, ...rest] = token.split(".");
  if (!linkId || !userId || !signaturePart || rest.length > 0) return null;
  if (!isRecordId(linkId) || !isRecordId(userId) || !isSignatureOf(signaturePart, message(linkId, userId))) return null;
  return { linkId, userId };
}

export function markReadUrl(linkId: string, userId: string): string {
  return `${env.appUrl}/mark-read?token=${encodeURIComponent(markReadToken(linkId, userId))}`;
}

export type MarkReadStatus =
  { state: "invalid" } | { state: "gone" } | { state: "found"; token: string; title: string | null; url: string };

/** What the /mark-read page shows for a token; reads only. */
export async function markReadStatus(token: string | undefined): Promise<MarkReadStatus> {
  const claim = verifyMarkReadToken(token);
  if (!claim || !token) return { state: "invalid" };
  const link = await getDb().link.findFirst({
    where: { id: claim.linkId, userId: claim.userId },
    select: { title: true, url: true },
  });
  return link ? { state: "found", token, title: link.title, url: link.url } : { state: "gone" };
}

/**
 * POST /api/mark-read: marks the token's link read (keeping the first time); safe to repeat. The
 * answer names nothing: the page already shows the link.
 */
export async function markReadByToken(token: string): Promise<void> {
  const claim = verifyMarkReadToken(token);
  if (!claim) throw badRequest(MARK_READ_INVALID_MESSAGE, "invalid_signature");
  const db = getDb();
  await db.link.updateMany({
    where: { id: claim.linkId, userId: claim.userId, readAt: null },
    data: { readAt: new Date() },
  });
  if ((await db.link.count({ where: { id: claim.linkId, userId: claim.userId } })) === 0)
    throw notFound(MARK_READ_GONE_MESSAGE);
}
