import "server-only";
import { hashToken, insertWithinLimit, MAX_ACTIVE_TOKENS } from "@/lib/auth/api-tokens";
import { activeTokensOf, revokeActiveToken } from "@/lib/auth/queries";
import { APP_PASSWORD_SCOPES, tokenScopes, type TokenScope } from "@/lib/auth/token-scopes";
import { isRecordId } from "@/lib/db/input";
import { env } from "@/lib/env";
import type { ApiToken, User } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { setAppPasswordLastUsed, workingAppPassword } from "@/lib/app-passwords/queries";
import { appPasswordPrefix, newAppPassword, normalizeAppPassword } from "@/lib/app-passwords/secret";

// App passwords: what an app that asks for a username and a password (a wallabag app, an OPDS
// reader) is given instead of an account password, which LinkStash does not have. Each is a token
// with the scopes of the links and categories endpoints and nothing else, shown once, listed beside
// the API tokens and revoked like them. The username is the account's email address.

/**
 * The OAuth client a wallabag app must name. LinkStash registers no clients: every app uses this
 * pair, which is no secret (an app's own copy never is); the app password is what signs in.
 */
export const APP_CLIENT = { id: "linkstash", secret: "linkstash" } as const;

/** What an app asks for beside the password. */
export function appConnection(user: Pick<User, "email">) {
  return { serverUrl: env.appUrl, clientId: APP_CLIENT.id, clientSecret: APP_CLIENT.secret, username: user.email };
}

export const TOO_MANY_APP_PASSWORDS_MESSAGE = `You can have at most ${MAX_ACTIVE_TOKENS} app passwords. Revoke one to create another.`;

// lastUsedAt is a hint for the owner: one write a minute at most (an OPDS reader signs in on every request).
const LAST_USED_RESOLUTION_MS = 60_000;

// A typed app password is hashed as its 16 characters, so the dashes and case do not count.
const hashAppPassword = (normalized: string) => hashToken(`app:${normalized}`);

/** Creates an app password; the password is returned here and never again. */
export async function createAppPassword(
  user: User,
  name: string,
): Promise<{ appPassword: ApiToken; password: string }> {
  const password = newAppPassword();
  const normalized = password.replaceAll("-", "");
  const appPassword = await insertWithinLimit(
    {
      userId: user.id,
      kind: "app_password",
      name,
      tokenHash: hashAppPassword(normalized),
      prefix: appPasswordPrefix(normalized),
      scopes: [...APP_PASSWORD_SCOPES],
    },
    TOO_MANY_APP_PASSWORDS_MESSAGE,
  );
  return { appPassword, password };
}

/** The user's app passwords that still work, newest first. */
export function listAppPasswords(user: User): Promise<ApiToken[]> {
  return activeTokensOf(user.id, "app_password");
}

/** Revokes an app password and every token an app was given for it; another user's is not found. */
export async function revokeAppPassword(user: User, id: string, now = new Date()): Promise<void> {
  if (!isRecordId(id)) throw notFound("App password not found");
  if (!(await revokeActiveToken(id, user.id, "app_password", now))) throw notFound("App password not found");
}

export type AppSignIn = { user: User; appPasswordId: string; scopes: TokenScope[] };

/**
 * The account a username (its email, in any case) and an app password sign in to, or null. The
 * password is looked up by its hash; the username must be its owner's.
 */
export async function signInWithAppPassword(
  username: string,
  typedPassword: string,
  now = new Date(),
): Promise<AppSignIn | null> {
  const normalized = normalizeAppPassword(typedPassword);
  if (normalized === null) return null;
  const found = await workingAppPassword(hashAppPassword(normalized));
  if (!found || found.user.email.toLowerCase() !== username.trim().toLowerCase()) return null;
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await setAppPasswordLastUsed(found.id, now);
  }
  return { user: found.user, appPasswordId: found.id, scopes: tokenScopes(found.scopes) };
}
