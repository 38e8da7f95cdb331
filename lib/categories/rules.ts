// Pure category rules (docs/product.md, "Links and categories"): built-in names, case-insensitive identity, history chips.

export const BUILT_IN_CATEGORIES = [
  "Uncategorized",
  "Article",
  "Blog",
  "News",
  "Tutorial",
  "Video",
  "Social",
  "Shopping",
  "Work",
  "Personal",
] as const;

export const DEFAULT_CATEGORY = "Uncategorized";
export const MAX_CATEGORIES_PER_LINK = 3;
export const MAX_CATEGORY_NAME_LENGTH = 50;

/** The identity of a category name: "News", " news " and "NEWS" are one category. */
export function categoryKey(name: string): string {
  // NFC first so that a precomposed "é" and "e" + combining accent compare equal.
  return name.normalize("NFC").trim().toLowerCase();
}

/** The existing spelling of `name` among built-in then custom names, or null when it is new. */
export function findExistingCategory(
  name: string,
  builtIns: readonly string[],
  custom: readonly string[],
): string | null {
  const key = categoryKey(name);
  return (
    builtIns.find((existing) => categoryKey(existing) === key) ??
    custom.find((existing) => categoryKey(existing) === key) ??
    null
  );
}

export function isBuiltInCategory(name: string): boolean {
  return findExistingCategory(name, BUILT_IN_CATEGORIES, []) !== null;
}

// A fixed locale so that the server and every browser sort the chips the same way; "accent"
// sensitivity ignores case but keeps "Resume" and "Résumé" apart.
const collator = new Intl.Collator("en", { sensitivity: "accent" });

/**
 * Distinct names compared case-insensitively (the first spelling wins), blank names dropped,
 * sorted alphabetically ignoring case: the category chips of the history page.
 */
export function distinctCategories(names: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = categoryKey(name);
    if (key !== "" && !byKey.has(key)) byKey.set(key, name.trim());
  }
  return [...byKey.entries()]
    .sort(([keyA, nameA], [keyB, nameB]) => collator.compare(nameA, nameB) || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .map(([, name]) => name);
}
