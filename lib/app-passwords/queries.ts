import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { ApiToken, AppGrant, User } from "@/lib/generated/prisma/client";

// App passwords (ApiToken rows of kind app_password) and the OAuth grants apps hold for them.

export type AppPasswordWithUser = ApiToken & { user: User };

/** A working app password by its hash, with its owner. */
export function workingAppPassword(tokenHash: string, db: Db = getDb()): Promise<AppPasswordWithUser | null> {
  return db.apiToken.findFirst({
    where: { tokenHash, kind: "app_password", revokedAt: null },
    include: { user: true },
  });
}

export async function setAppPasswordLastUsed(id: string, lastUsedAt: Date, db: Db = getDb()): Promise<void> {
  await db.apiToken.update({ where: { id }, data: { lastUsedAt } });
}

type GrantSecrets = Pick<AppGrant, "accessHash" | "accessExpiresAt" | "refreshHash" | "refreshExpiresAt">;

/** A new grant for an app password; its expired grants go. */
export async function insertGrant(tokenId: string, secrets: GrantSecrets, now: Date): Promise<void> {
  await getDb().$transaction([
    getDb().appGrant.deleteMany({ where: { tokenId, refreshExpiresAt: { lte: now } } }),
    getDb().appGrant.create({ data: { tokenId, ...secrets } }),
  ]);
}

/**
 * Replaces a grant's tokens, found by its unexpired refresh token under a working app password;
 * whether it was (not when the refresh token was used already, has expired or was revoked). One
 * statement: two apps racing with the same refresh token cannot both win.
 */
export async function rotateGrant(refreshHash: string, secrets: GrantSecrets, now: Date): Promise<boolean> {
  const { count } = await getDb().appGrant.updateMany({
    where: { refreshHash, refreshExpiresAt: { gt: now }, token: { revokedAt: null } },
    data: secrets,
  });
  return count > 0;
}

/** The app password and owner behind an unexpired access token, or null. */
export async function accessGrant(
  accessHash: string,
  now: Date,
  db: Db = getDb(),
): Promise<AppPasswordWithUser | null> {
  const grant = await db.appGrant.findFirst({
    where: { accessHash, accessExpiresAt: { gt: now }, token: { revokedAt: null } },
    include: { token: { include: { user: true } } },
  });
  return grant?.token ?? null;
}
