import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Prisma, User } from "@/lib/generated/prisma/client";

// Users' reads and writes for the account itself (deletion, email changes), all through Prisma.

/**
 * Deletes the user's row, which removes every row that belongs to it by cascade, in one batch
 * transaction with their pending sign-in links.
 */
export async function deleteUserWithSignInLinks(userId: string, email: string): Promise<void> {
  const db = getDb();
  await db.$transaction([
    // Pending sign-in links hold the address too: they go with the account.
    db.verificationToken.deleteMany({ where: { identifier: email } }),
    // deleteMany: a second, simultaneous deletion finds nothing left and is not an error.
    db.user.deleteMany({ where: { id: userId } }),
  ]);
}

/** Whether an OAuth provider has vouched for one of the user's sign-ins. */
export async function hasLinkedAccount(userId: string, db: Db = getDb()): Promise<boolean> {
  return (await db.account.count({ where: { userId } })) > 0;
}

export function userByEmail(email: string, db: Db = getDb()): Promise<User | null> {
  return db.user.findUnique({ where: { email } });
}

export async function emailIsTaken(email: string, db: Db = getDb()): Promise<boolean> {
  return (await db.user.findUnique({ where: { email }, select: { id: true } })) !== null;
}

export function updateUser(userId: string, data: Prisma.UserUpdateInput, db: Db = getDb()): Promise<User> {
  return db.user.update({ where: { id: userId }, data });
}

/** Updates the user's row only where it still matches `where`; whether it did. */
export async function updateUserWhere(
  where: Prisma.UserWhereInput & { id: string },
  data: Prisma.UserUpdateManyMutationInput,
  db: Db = getDb(),
): Promise<boolean> {
  const { count } = await db.user.updateMany({ where, data });
  return count > 0;
}

/** Ends the user's sessions, except `keepSessionToken`'s when given. */
export async function deleteOtherSessions(
  userId: string,
  keepSessionToken: string | undefined,
  db: Db = getDb(),
): Promise<void> {
  await db.session.deleteMany({
    where: { userId, ...(keepSessionToken ? { NOT: { sessionToken: keepSessionToken } } : {}) },
  });
}

export function userById(id: string, db: Db = getDb()): Promise<User> {
  return db.user.findUniqueOrThrow({ where: { id } });
}

/** The digest's recipients: what a digest needs of each user. */
export function digestRecipients(userIds: string[], db: Db = getDb()) {
  return db.user.findMany({
    where: { id: { in: userIds } },
    select: {
      id: true,
      email: true,
      timezone: true,
      emailFrequency: true,
      digestWithoutNewLinks: true,
      digestHighlights: true,
    },
  });
}

/** The user's address and digest frequency, or null when there is no such user. */
export function digestSubscription(userId: string, db: Db = getDb()) {
  return db.user.findUnique({ where: { id: userId }, select: { email: true, emailFrequency: true } });
}

/** The user's time zone, or null when there is no such user. */
export function userTimezone(userId: string, db: Db = getDb()) {
  return db.user.findUnique({ where: { id: userId }, select: { timezone: true } });
}
