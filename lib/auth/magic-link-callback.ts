import "server-only";
import { createHash } from "node:crypto";
import { SIGN_IN_CONFIRM_PATH } from "@/lib/auth/magic-link";
import { signInLinkByToken } from "@/lib/auth/queries";
import { env } from "@/lib/env";
import { isSameOrigin } from "@/lib/http/api-route";
import { errorResponse } from "@/lib/http/errors";

// next-auth's email callback only signs in from the confirmation page's POST (docs/decisions/0140):
// a GET goes to that page, and a POST from another site (a login CSRF form) is refused.

export const CROSS_ORIGIN_SIGN_IN_MESSAGE = "Cross-origin request refused.";

export function guardMagicLinkCallback(req: Request, segments: string[]): Response | null {
  if (segments.join("/") !== "callback/email") return null;
  if (req.method === "GET" || req.method === "HEAD") {
    const target = new URL(`${env.appUrl}${SIGN_IN_CONFIRM_PATH}`);
    target.search = new URL(req.url).search;
    return Response.redirect(target, 303);
  }
  if (!isSameOrigin(req)) return errorResponse(403, "cross_origin", CROSS_ORIGIN_SIGN_IN_MESSAGE);
  return null;
}

/** Whether a sign-in link can still be used, without using it (next-auth stores sha256(token + secret)). */
export async function isUsableSignInLink(email: string, token: string): Promise<boolean> {
  const hashed = createHash("sha256").update(`${token}${env.authSecret}`).digest("hex");
  const row = await signInLinkByToken(hashed);
  return row !== null && row.identifier === email && row.expires.getTime() > Date.now();
}
