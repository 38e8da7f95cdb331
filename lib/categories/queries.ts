import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Category } from "@/lib/generated/prisma/client";

// The user's own categories, all through Prisma: nothing here needs SQL.

export function categoriesOf(userId: string, db: Db = getDb()): Promise<Category[]> {
  return db.category.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export function insertCategory(
  data: Pick<Category, "userId" | "name" | "nameKey">,
  db: Db = getDb(),
): Promise<Category> {
  return db.category.create({ data });
}

/** Deletes one of the user's categories; whether it existed. */
export async function deleteOwnCategory(id: string, userId: string, db: Db = getDb()): Promise<boolean> {
  const { count } = await db.category.deleteMany({ where: { id, userId } });
  return count > 0;
}
