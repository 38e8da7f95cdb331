import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import type { apiTokenAnswer } from "@/lib/auth/schemas";
import { isRecordId } from "@/lib/db/input";
import { lockUsers } from "@/lib/db/lock-users";
import { inTransaction } from "@/lib/db/transaction";
import {
  activeTokenCount,
  activeTokensOf,
  insertApiToken,
  revokeActiveToken,
  setTokenLastUsed,
  tokenRevokedAt,
  tokenWithUser,
} from "@/lib/auth/queries";
import { conflict, notFound } from "@/lib/http/errors";
import type { ApiToken, User } from "@/lib/generated/prisma/client";
import { tokenScopes, type TokenScope } from "@/lib/auth/token-scopes";

// Personal API tokens: `lsk_` + 32 random bytes (base64url). Only the SHA-256 of a token is stored
// (a fast hash is enough for 256 random bits), with its first characters to tell tokens apart.

export const TOKEN_PREFIX = "lsk_";
const TOKEN_PATTERN = /^lsk_[A-Za-z0-9_-]{43}$/;
const DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;
export const MAX_ACTIVE_TOKENS = 20;
export const TOO_MANY_TOKENS_MESSAGE = `You can have at most ${MAX_ACTIVE_TOKENS} API tokens. Revoke one to create another.`;
// lastUsedAt is a hint for the owner, not an audit log: one write a minute at most per token.
const LAST_USED_RESOLUTION_MS = 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type ApiTokenResponse = z.output<typeof apiTokenAnswer>;

export function toApiTokenResponse(token: ApiToken): ApiTokenResponse {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Creates a token; its secret is returned here and never again. The count and the insert run with
 * the user's row locked, so simultaneous requests cannot both take the last of the
 * MAX_ACTIVE_TOKENS places (decision 0164: 21 were once made). NO KEY UPDATE, as elsewhere:
 * enough to serialise this user's creations, and it lets the foreign-key checks of other writes
 * (KEY SHARE) through.
 */
export async function createApiToken(
  user: User,
  name: string,
  scopes: readonly TokenScope[],
): Promise<{ token: ApiToken; secret: string }> {
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const token = await insertWithinLimit(
    {
      userId: user.id,
      kind: "token",
      name,
      tokenHash: hashToken(secret),
      prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH),
      scopes: [...scopes],
    },
    TOO_MANY_TOKENS_MESSAGE,
  );
  return { token, secret };
}

/**
 * Stores a new token or app password unless the user already has MAX_ACTIVE_TOKENS of its kind
 * working (409 `token_limit` with `limitMessage`).
 */
export function insertWithinLimit(
  row: Pick<ApiToken, "userId" | "kind" | "name" | "tokenHash" | "prefix" | "scopes">,
  limitMessage: string,
): Promise<ApiToken> {
  return inTransaction(async (tx) => {
    await lockUsers(tx, [row.userId], "noKeyUpdate");
    const active = await activeTokenCount(row.userId, row.kind, tx);
    if (active >= MAX_ACTIVE_TOKENS) throw conflict(limitMessage, "token_limit");
    return insertApiToken(row, tx);
  });
}

/** The user's tokens that still work, newest first. */
export function listApiTokens(user: User): Promise<ApiToken[]> {
  return activeTokensOf(user.id, "token");
}

/** Revokes one of the user's tokens; someone else's, or one already revoked, is not found. */
export async function revokeApiToken(user: User, id: string, now = new Date()): Promise<void> {
  if (!isRecordId(id)) throw notFound("Token not found");
  if (!(await revokeActiveToken(id, user.id, "token", now))) throw notFound("Token not found");
}

/** The owner of a working token and what the token may do, or null for anything else (malformed, unknown, revoked). */
export async function findToken(
  secret: string,
  now = new Date(),
): Promise<{ user: User; scopes: TokenScope[] } | null> {
  if (!TOKEN_PATTERN.test(secret)) return null;
  const token = await tokenWithUser(hashToken(secret));
  if (!token || token.kind !== "token" || token.revokedAt !== null) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await setTokenLastUsed(token.id, now);
  }
  return { user: token.user, scopes: tokenScopes(token.scopes) };
}

/** Whether `secret` is a working token, without counting it as used (a route that takes none asks). */
export async function isWorkingToken(secret: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(secret)) return false;
  const token = await tokenRevokedAt(hashToken(secret));
  return token !== null && token.revokedAt === null;
}
