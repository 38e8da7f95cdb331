import "server-only";
import { BUILT_IN_CATEGORIES, categoryKey, findExistingCategory } from "@/lib/categories/rules";
import { categoriesOf, deleteOwnCategory, insertCategory } from "@/lib/categories/queries";
import { isRecordId } from "@/lib/db/input";
import { isUniqueViolation } from "@/lib/db/errors";
import { conflict, notFound } from "@/lib/http/errors";
import type { Category, User } from "@/lib/generated/prisma/client";
import { enforceRateLimits, userAndIpChecks } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";

export const CATEGORY_EXISTS_MESSAGE = "A category with this name already exists (case-insensitive match).";

// Nobody creates dozens of categories a minute by hand; the limits stop a script from filling the table.
export const CATEGORY_RATE_LIMITS = {
  perUser: { name: "category-create:user", limit: 30, windowSeconds: 60 },
  perIp: { name: "category-create:ip", limit: 120, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

export const CATEGORY_RATE_LIMITED_MESSAGE =
  "You are creating categories too quickly. Please wait a minute and try again.";

export function toCategoryResponse(category: Category) {
  return { id: category.id, name: category.name };
}

/** The user's own categories (the 10 built-ins are fixed and listed by the client). */
export async function listCategories(user: User): Promise<Category[]> {
  return categoriesOf(user.id);
}

/**
 * Creates a custom category, after the rate limits (429). A name matching a built-in or one of the
 * user's own, ignoring case, is a conflict; the unique (userId, nameKey) index settles simultaneous
 * creations.
 */
export async function createCategory(user: User, name: string, ip: string | null): Promise<Category> {
  await enforceRateLimits(userAndIpChecks(CATEGORY_RATE_LIMITS, user.id, ip), CATEGORY_RATE_LIMITED_MESSAGE);
  if (findExistingCategory(name, BUILT_IN_CATEGORIES, [])) throw conflict(CATEGORY_EXISTS_MESSAGE, "already_exists");
  try {
    return await insertCategory({ userId: user.id, name: name.trim(), nameKey: categoryKey(name) });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CATEGORY_EXISTS_MESSAGE, "already_exists");
    throw error;
  }
}

/** Deletes one of the user's categories; links keep the name in their categories. */
export async function deleteCategory(user: User, id: string): Promise<void> {
  if (!isRecordId(id)) throw notFound("Category not found");
  if (!(await deleteOwnCategory(id, user.id))) throw notFound("Category not found");
}
