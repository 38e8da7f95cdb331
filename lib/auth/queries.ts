import "server-only";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { Adapter } from "next-auth/adapters";
import { columnList, type Db, getDb, queryRows } from "@/lib/db/client";
import { type ApiToken, type ApiTokenKind, Prisma, type User } from "@/lib/generated/prisma/client";

// Sign-in's reads and writes (sessions, sign-in links, API tokens) through Prisma, and the session
// lookup every signed-in request makes: the session joined with its user in one
// statement through the driver (Prisma's include sends two, at several times the CPU; decision 0041).

const USER_COLUMNS = columnList(Prisma.UserScalarFieldEnum, "u");

export async function selectSessionUser(sessionToken: string): Promise<(User & { sessionExpires: Date }) | null> {
  const [row] = await queryRows<User & { sessionExpires: Date }>(Prisma.sql`
    SELECT ${USER_COLUMNS}, s."expires" AS "sessionExpires"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."sessionToken" = ${sessionToken}`);
  return row ?? null;
}

/** next-auth's own Prisma adapter, on the app's client. */
export function prismaAuthAdapter(): Adapter {
  return PrismaAdapter(getDb());
}

export function insertUser(data: Prisma.UserCreateInput, db: Db = getDb()): Promise<User> {
  return db.user.create({ data });
}

export async function setSessionExpires(sessionToken: string, expires: Date, db: Db = getDb()): Promise<void> {
  await db.session.update({ where: { sessionToken }, data: { expires } });
}

export async function deleteSession(sessionToken: string, db: Db = getDb()): Promise<void> {
  await db.session.deleteMany({ where: { sessionToken } });
}

export function signInLinkByToken(
  token: string,
  db: Db = getDb(),
): Promise<{ identifier: string; expires: Date } | null> {
  return db.verificationToken.findUnique({ where: { token } });
}

// API tokens and app passwords share a table: each statement names the kind it is about.

export function activeTokenCount(userId: string, kind: ApiTokenKind, db: Db = getDb()): Promise<number> {
  return db.apiToken.count({ where: { userId, kind, revokedAt: null } });
}

export function insertApiToken(
  data: Pick<ApiToken, "userId" | "kind" | "name" | "tokenHash" | "prefix" | "scopes">,
  db: Db = getDb(),
): Promise<ApiToken> {
  return db.apiToken.create({ data });
}

/** The user's tokens (or app passwords) that still work, newest first. */
export function activeTokensOf(userId: string, kind: ApiTokenKind, db: Db = getDb()): Promise<ApiToken[]> {
  return db.apiToken.findMany({
    where: { userId, kind, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/**
 * Revokes the user's token (or app password) if it still works, and drops what apps were given
 * for it; whether it did.
 */
export async function revokeActiveToken(id: string, userId: string, kind: ApiTokenKind, now: Date): Promise<boolean> {
  const [revoked] = await getDb().$transaction([
    getDb().apiToken.updateMany({ where: { id, userId, kind, revokedAt: null }, data: { revokedAt: now } }),
    getDb().appGrant.deleteMany({ where: { tokenId: id, token: { userId } } }),
  ]);
  return revoked.count > 0;
}

export function tokenWithUser(tokenHash: string, db: Db = getDb()): Promise<(ApiToken & { user: User }) | null> {
  return db.apiToken.findUnique({ where: { tokenHash }, include: { user: true } });
}

export async function setTokenLastUsed(id: string, lastUsedAt: Date, db: Db = getDb()): Promise<void> {
  await db.apiToken.update({ where: { id }, data: { lastUsedAt } });
}

export function tokenRevokedAt(tokenHash: string, db: Db = getDb()): Promise<{ revokedAt: Date | null } | null> {
  return db.apiToken.findUnique({ where: { tokenHash }, select: { revokedAt: true } });
}
