import "server-only";
import { digestSubscription, updateUserWhere } from "@/lib/users/queries";
import { env } from "@/lib/env";
import { badRequest, notFound } from "@/lib/http/errors";
import { isSignatureOf, sign } from "@/lib/auth/signatures";

// Digest unsubscribe (docs/decisions/0018-unsubscribe.md, RFC 8058). The signed token is the only
// authentication: mail providers POST the List-Unsubscribe URL from their own servers, with no
// session and no Origin. Tokens do not expire, so the link in an old digest keeps working; they
// stop working when AUTH_SECRET changes.

export const UNSUBSCRIBE_INVALID_MESSAGE = "This unsubscribe link is invalid.";
export const UNSUBSCRIBE_ACCOUNT_GONE_MESSAGE = "This account no longer exists, so it gets no digest emails.";
export const UNSUBSCRIBED_MESSAGE = "You have been unsubscribed from digest emails.";

// A user id is a cuid (25 characters); anything far longer is not a token of ours.
const MAX_TOKEN_LENGTH = 256;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const message = (userId: string) => `unsubscribe:${userId}`;

export function unsubscribeToken(userId: string): string {
  return `${Buffer.from(userId, "utf8").toString("base64url")}.${sign(message(userId)).toString("base64url")}`;
}

/** The user id a token was signed for, or null for anything else (tampered, truncated, garbage). */
export function verifyUnsubscribeToken(token: string | null | undefined): string | null {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const [idPart, signaturePart, ...rest] = token.split(".");
  if (!idPart || !signaturePart || rest.length > 0 || !BASE64URL.test(idPart) || !BASE64URL.test(signaturePart))
    return null;
  const userId = Buffer.from(idPart, "base64url").toString("utf8");
  // Only the canonical encoding is accepted, so each user has exactly one token.
  if (Buffer.from(userId, "utf8").toString("base64url") !== idPart || !isSignatureOf(signaturePart, message(userId)))
    return null;
  return userId;
}

/** The visible link in a digest: a confirmation page, so a link scanner's GET changes nothing. */
export function unsubscribeUrl(userId: string): string {
  return `${env.appUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;
}

/** The List-Unsubscribe target: mail providers POST to it (one-click). */
export function oneClickUnsubscribeUrl(userId: string): string {
  return `${env.appUrl}/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;
}

/** Headers every digest carries (RFC 2369 + RFC 8058 one-click). */
export function unsubscribeHeaders(userId: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl(userId)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Turns scheduled digests off; true when the user exists. Safe to repeat. */
export async function unsubscribeUser(userId: string): Promise<boolean> {
  return updateUserWhere({ id: userId }, { emailFrequency: "none", nextDigestAt: null });
}

/** "reader@example.com" -> "r•••@example.com": enough to recognise, little to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

export type UnsubscribeStatus =
  | { state: "invalid" }
  | { state: "gone" }
  | { state: "subscribed" | "unsubscribed"; token: string; maskedEmail: string };

/** What the /unsubscribe page shows for a token; reads only. */
export async function unsubscribeStatus(token: string | undefined): Promise<UnsubscribeStatus> {
  const userId = verifyUnsubscribeToken(token);
  if (!userId || !token) return { state: "invalid" };
  const user = await digestSubscription(userId);
  if (!user) return { state: "gone" };
  return {
    state: user.emailFrequency === "none" ? "unsubscribed" : "subscribed",
    token,
    maskedEmail: maskEmail(user.email),
  };
}

/**
 * POST /api/unsubscribe?token=: no session and no same-origin check (the signed token is the
 * authentication) and any body (providers send `List-Unsubscribe=One-Click` as a form); errors
 * are answered as JSON {code, message} by the route's withRouteErrors, like every /api route.
 */
export async function handleOneClickUnsubscribe(req: Request): Promise<Response> {
  const userId = verifyUnsubscribeToken(new URL(req.url).searchParams.get("token"));
  if (!userId) throw badRequest(UNSUBSCRIBE_INVALID_MESSAGE, "invalid_signature");
  if (!(await unsubscribeUser(userId))) throw notFound(UNSUBSCRIBE_ACCOUNT_GONE_MESSAGE);
  return Response.json({ success: true, message: UNSUBSCRIBED_MESSAGE });
}

/** GET /api/unsubscribe (a client that opens the List-Unsubscribe URL in a browser): the confirmation page. */
export function redirectToUnsubscribePage(req: Request): Response {
  const token = new URL(req.url).searchParams.get("token");
  const target = new URL("/unsubscribe", env.appUrl);
  if (token) target.searchParams.set("token", token);
  return Response.redirect(target, 303);
}
