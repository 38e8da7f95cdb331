import "server-only";
import { randomBytes } from "node:crypto";
import { hashToken } from "@/lib/auth/api-tokens";
import { tokenScopes, type TokenScope } from "@/lib/auth/token-scopes";
import type { User } from "@/lib/generated/prisma/client";
import { accessGrant, insertGrant, rotateGrant } from "@/lib/app-passwords/queries";

// The OAuth 2 tokens an app is given for an app password (the password grant) and renews (the
// refresh-token grant). Access tokens last an hour and refresh tokens two weeks, as wallabag's own
// server gives them; a refresh replaces both, so a refresh token works once.

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 14 * 24 * 3600;

const ACCESS_PREFIX = "lsa_";
const REFRESH_PREFIX = "lsr_";
const ACCESS_PATTERN = /^lsa_[A-Za-z0-9_-]{43}$/;
const REFRESH_PATTERN = /^lsr_[A-Za-z0-9_-]{43}$/;

export type IssuedTokens = { accessToken: string; refreshToken: string; expiresIn: number };

function newSecrets(now: Date) {
  const accessToken = `${ACCESS_PREFIX}${randomBytes(32).toString("base64url")}`;
  const refreshToken = `${REFRESH_PREFIX}${randomBytes(32).toString("base64url")}`;
  return {
    issued: { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS },
    stored: {
      accessHash: hashToken(accessToken),
      accessExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
      refreshHash: hashToken(refreshToken),
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
    },
  };
}

/** New tokens for an app that signed in with an app password. */
export async function issueTokens(appPasswordId: string, now = new Date()): Promise<IssuedTokens> {
  const { issued, stored } = newSecrets(now);
  await insertGrant(appPasswordId, stored, now);
  return issued;
}

/** New tokens for a refresh token, which stops working; null when it is not one that works. */
export async function refreshTokens(refreshToken: string, now = new Date()): Promise<IssuedTokens | null> {
  if (!REFRESH_PATTERN.test(refreshToken)) return null;
  const { issued, stored } = newSecrets(now);
  return (await rotateGrant(hashToken(refreshToken), stored, now)) ? issued : null;
}

/** Whether a bearer token has the shape of an access token (else it may be a personal API token). */
export function isAccessTokenShaped(token: string): boolean {
  return ACCESS_PATTERN.test(token);
}

/** The owner of a working access token and what it may do, or null. */
export async function findAccessToken(
  accessToken: string,
  now = new Date(),
): Promise<{ user: User; scopes: TokenScope[] } | null> {
  if (!isAccessTokenShaped(accessToken)) return null;
  const appPassword = await accessGrant(hashToken(accessToken), now);
  return appPassword ? { user: appPassword.user, scopes: tokenScopes(appPassword.scopes) } : null;
}
