import "server-only";
import { redirect } from "next/navigation";
import { cookies } from "next/headers";
import { cache } from "react";
import { deleteSession, selectSessionUser, setSessionExpires } from "@/lib/auth/queries";
import { onboardingDestination } from "@/lib/auth/return-to";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";

// Sessions are next-auth database sessions. Reading one is a single indexed query (session joined
// with its user, through the driver: every API request pays for it), so pages and API routes avoid
// next-auth's heavier getServerSession round trip.

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
export const SESSION_COOKIE = env.secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token";

// next-auth's tokens are UUIDs; a cookie of anything but printable ASCII is nobody's session and
// must not reach the query (a NUL in it fails the query).
const SESSION_TOKEN = /^[\x21-\x7e]{1,512}$/;

export async function findSessionUser(sessionToken: string | undefined): Promise<User | null> {
  if (!sessionToken || !SESSION_TOKEN.test(sessionToken)) return null;
  const row = await selectSessionUser(sessionToken);
  const now = Date.now();
  if (!row || row.sessionExpires.getTime() <= now) return null;
  const { sessionExpires, ...user } = row;
  // Sliding expiry, written at most once a day, as next-auth itself does.
  if (sessionExpires.getTime() - now < (SESSION_MAX_AGE_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000) {
    await setSessionExpires(sessionToken, new Date(now + SESSION_MAX_AGE_SECONDS * 1000));
  }
  return user;
}

export function sessionTokenFromRequest(req: Request): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== SESSION_COOKIE) continue;
    // A malformed %-escape is a cookie we never set: no session rather than an exception.
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The signed-in user of the current page render, looked up once per request. */
export const getCurrentUser = cache(async (): Promise<User | null> => {
  const jar = await cookies();
  return findSessionUser(jar.get(SESSION_COOKIE)?.value);
});

export async function endSession(sessionToken: string | undefined): Promise<void> {
  if (!sessionToken || !SESSION_TOKEN.test(sessionToken)) return;
  await deleteSession(sessionToken);
}

/**
 * The signed-in, onboarded user of a page that a signed-out visitor must sign in for and then come
 * back to (`returnTo`, a same-origin path); a user who has not finished onboarding returns there
 * after it.
 */
export async function requireOnboardedUser(returnTo: string): Promise<User> {
  const user = await getCurrentUser();
  if (!user) redirect(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  if (!user.onboarded) redirect(onboardingDestination(returnTo));
  return user;
}
