import "server-only";
import { createHash, randomBytes } from "node:crypto";

// next-auth v4's CSRF double-submit cookie (next-auth/core/lib/csrf-token.js): "<token>|<hash>",
// the hash being sha256(token + secret). The proxy sets it on the sign-in page's request, so the
// page can put the token in its plain form, which then works before (or without) JavaScript.

export function csrfCookieName(secureCookies: boolean): string {
  return `${secureCookies ? "__Host-" : ""}next-auth.csrf-token`;
}

const hashOf = (token: string, secret: string) => createHash("sha256").update(`${token}${secret}`).digest("hex");

/** The token in a cookie next-auth will accept, or null when it is missing or not signed with `secret`. */
export function csrfTokenOf(cookieValue: string | undefined, secret: string): string | null {
  const [token, hash] = cookieValue?.split("|") ?? [];
  return token && hash === hashOf(token, secret) ? token : null;
}

/** A new token and the cookie value that carries it. */
export function newCsrfCookie(secret: string): { token: string; value: string } {
  const token = randomBytes(32).toString("hex");
  return { token, value: `${token}|${hashOf(token, secret)}` };
}
