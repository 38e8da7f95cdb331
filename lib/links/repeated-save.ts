import { categoryKey, DEFAULT_CATEGORY, MAX_CATEGORIES_PER_LINK } from "@/lib/categories/rules";

// A link saved again on the day it was first saved (docs/product.md, "Saving the same link twice"):
// one link, keeping what the second save brings that the first lacks.

type SavedFields = { notes: string | null; categories: string[] };
/** The link already saved: read or "Not interested" by now, perhaps. */
type FirstSave = SavedFields & { readAt?: Date | null; archivedAt?: Date | null };
type Change = { notes?: string; category?: string; categories?: string[]; readAt?: null; archivedAt?: null };

/** The change a repeated save makes to the link it repeats, or null when it brings nothing new. */
export function repeatedSaveChange(existing: FirstSave, again: SavedFields, maxNotesLength: number): Change | null {
  const change: Change = {};
  // Saved again, it is wanted again: unread and not archived, as a new save would be, so it reaches
  // the digest even when it was read (or dismissed) earlier that day.
  if (existing.readAt) change.readAt = null;
  if (existing.archivedAt) change.archivedAt = null;
  const notes = mergedNotes(existing.notes, again.notes, maxNotesLength);
  if (notes !== existing.notes && notes !== null) change.notes = notes;
  const categories = mergedCategories(existing.categories, again.categories);
  if (categories) {
    change.categories = categories;
    change.category = categories[0];
  }
  return Object.keys(change).length > 0 ? change : null;
}

/** The first notes, then the new ones on a paragraph of their own unless already there; cut to fit. */
function mergedNotes(first: string | null, again: string | null, maxLength: number): string | null {
  if (!again || first?.includes(again)) return first;
  if (!first) return again;
  return `${first}\n\n${again}`.slice(0, maxLength);
}

/**
 * The first save's categories, then the new ones, at most three, Uncategorized dropped; null when
 * that is what the link already has (or nothing but Uncategorized).
 */
function mergedCategories(first: string[], again: string[]): string[] | null {
  const merged: string[] = [];
  const seen = new Set<string>();
  for (const name of [...first, ...again]) {
    const key = categoryKey(name);
    if (key === categoryKey(DEFAULT_CATEGORY) || seen.has(key)) continue;
    seen.add(key);
    merged.push(name);
  }
  if (merged.length === 0) return null;
  const result = merged.slice(0, MAX_CATEGORIES_PER_LINK);
  const unchanged = result.length === first.length && result.every((name, i) => name === first[i]);
  return unchanged ? null : result;
}
