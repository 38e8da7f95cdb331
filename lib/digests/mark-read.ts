import "server-only";
import { getDb } from "@/lib/db/client";
import { emailActionToken, emailActionUrl, verifyEmailActionToken } from "@/lib/digests/email-actions";
import { badRequest, notFound } from "@/lib/http/errors";

// A digest's "Mark as read" link (one per listed link; the signed tokens are in email-actions.ts).
// Opening the page changes nothing (mail scanners fetch links); the page POSTs to mark the link read.

export const MARK_READ_INVALID_MESSAGE = "This link is invalid.";
export const MARK_READ_GONE_MESSAGE = "This link is no longer in your stash.";

/** A token for the link's "Mark as read" page. */
export function markReadToken(linkId: string, userId: string): string {
  return emailActionToken("mark-read", linkId, userId);
}

export function verifyMarkReadToken(token: string | null | undefined): { linkId: string; userId: string } | null {
  return verifyEmailActionToken("mark-read", token);
}

export function markReadUrl(linkId: string, userId: string): string {
  return emailActionUrl("mark-read", linkId, userId);
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
