import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { User } from "@/lib/generated/prisma/client";

// Save addresses' reads and writes, all through Prisma: nothing here needs SQL.

/** Gives the user `key` unless they have a save address already. */
export async function setSaveAddressKeyIfUnset(userId: string, key: string, db: Db = getDb()): Promise<void> {
  await db.user.updateMany({ where: { id: userId, saveAddressKey: null }, data: { saveAddressKey: key } });
}

export function userById(id: string, db: Db = getDb()): Promise<User> {
  return db.user.findUniqueOrThrow({ where: { id } });
}

export function setSaveAddressKey(userId: string, saveAddressKey: string, db: Db = getDb()): Promise<User> {
  return db.user.update({ where: { id: userId }, data: { saveAddressKey } });
}

export function setSaveMailFromAnySender(
  userId: string,
  saveMailFromAnySender: boolean,
  db: Db = getDb(),
): Promise<User> {
  return db.user.update({ where: { id: userId }, data: { saveMailFromAnySender } });
}

export function userBySaveAddressKey(saveAddressKey: string, db: Db = getDb()): Promise<User | null> {
  return db.user.findUnique({ where: { saveAddressKey } });
}
