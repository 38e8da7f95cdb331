import "server-only";
import { categoryKey, DEFAULT_CATEGORY } from "@/lib/categories/rules";
import { deleteCategory, listCategories } from "@/lib/categories/service";
import type { User } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import { tagId, toWallabagTag, type WallabagTag } from "@/lib/wallabag/entry";
import { categorySpellingsOf, removeCategoriesFromLinks } from "@/lib/wallabag/queries";

// Deleting a tag, as wallabag's apps ask (decision 0412): the category comes off every link of the
// user that has it, in one statement (a link left with none is "Uncategorized", as taking a link's
// last tag off leaves it), and the user's own category of that name is deleted with the categories'
// service. A built-in category stays offered; "Uncategorized" is no tag and is never found.

const TAG_NOT_FOUND = "Tag not found";

/** A tag as an app names it in a path: its id, or its name. */
export const tagNamed = (tag: string) => (name: string) =>
  String(tagId(name)) === tag.trim() || categoryKey(name) === categoryKey(tag);

/** Deletes every tag of the user a name matches; the tags deleted, each once (empty: none matched). */
async function deleteMatching(user: User, matches: (name: string) => boolean): Promise<WallabagTag[]> {
  const own = await listCategories(user);
  const candidates = [...(await categorySpellingsOf(user.id)), ...own.map((category) => category.name)];
  const names = candidates.filter((name) => categoryKey(name) !== categoryKey(DEFAULT_CATEGORY) && matches(name));
  if (names.length === 0) return [];
  const keys = new Set(names.map(categoryKey));
  await removeCategoriesFromLinks(user.id, [...new Set(names)], DEFAULT_CATEGORY);
  for (const category of own) if (keys.has(categoryKey(category.name))) await deleteCategory(user, category.id);
  const first = new Map<string, string>();
  for (const name of names) if (!first.has(categoryKey(name))) first.set(categoryKey(name), name);
  return [...first.values()].map(toWallabagTag);
}

/** DELETE /api/tags/{tag} and DELETE /api/tag/label?tag=…: one tag, by its id or its name. */
export async function deleteTag(user: User, tag: string): Promise<WallabagTag> {
  const [deleted] = tag.trim() === "" ? [] : await deleteMatching(user, tagNamed(tag));
  if (!deleted) throw notFound(TAG_NOT_FOUND);
  return deleted;
}

/** DELETE /api/tags/label?tags=a,b: these tags, by name; 404 when none is the user's. */
export async function deleteTagsByLabel(user: User, labels: readonly string[]): Promise<WallabagTag[]> {
  const keys = new Set(labels.map(categoryKey));
  const deleted = keys.size === 0 ? [] : await deleteMatching(user, (name) => keys.has(categoryKey(name)));
  if (deleted.length === 0) throw notFound("Tags not found");
  return deleted;
}
