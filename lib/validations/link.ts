import "@/lib/validations/zod-setup";
import { z } from "zod";
import {
  BUILT_IN_CATEGORIES,
  categoryKey,
  DEFAULT_CATEGORY,
  findExistingCategory,
  MAX_CATEGORIES_PER_LINK,
} from "@/lib/categories/rules";
import { URL_REQUIRED_MESSAGE, normalizeUrl } from "@/lib/links/url";
import { categoryNameField } from "@/lib/validations/category";

// The add-link payload {url, title, notes, category, categories} (docs/product.md, "Links and
// categories"), shared by the dashboard form and POST /api/links.

export const MAX_NOTES_LENGTH = 5000;
export const NOTES_TOO_LONG_MESSAGE = `Notes can be at most ${MAX_NOTES_LENGTH} characters`;
export const TOO_MANY_CATEGORIES_MESSAGE = `You can select up to ${MAX_CATEGORIES_PER_LINK} categories`;

const urlField = z.string({ error: URL_REQUIRED_MESSAGE }).transform((value, ctx) => {
  const result = normalizeUrl(value);
  if (result.ok) return result.url;
  ctx.addIssue({ code: "custom", message: result.message });
  return z.NEVER;
});

const notesField = z
  .string()
  // The database cannot store a NUL or half an emoji (a lone surrogate, as a truncated selection
  // leaves): drop the one, replace the other with U+FFFD, as any UTF-8 encoder would.
  .overwrite((notes) => notes.replaceAll("\u0000", "").toWellFormed())
  .trim()
  .max(MAX_NOTES_LENGTH, { error: NOTES_TOO_LONG_MESSAGE })
  .nullish()
  .transform((notes) => (notes ? notes : null));

export const MAX_TITLE_LENGTH = 500;

// An optional title from the client (the bookmarklet knows the page's own); longer ones are cut,
// not refused: a page title is not something the user typed.
const titleField = z
  .string()
  .overwrite((title) =>
    title.replaceAll("\u0000", "").replace(/\s+/g, " ").trim().slice(0, MAX_TITLE_LENGTH).toWellFormed(),
  )
  .nullish()
  .transform((title) => (title ? title : null));

/** Built-in names keep their own spelling ("news" is "News"); custom names are kept as typed. */
function canonicalCategory(name: string): string {
  return findExistingCategory(name, BUILT_IN_CATEGORIES, []) ?? name;
}

/** Case-insensitive de-duplication keeping the order: the first is the primary. */
function uniqueCategories(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const name of names) {
    const key = categoryKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(canonicalCategory(name));
  }
  return unique;
}

const categoriesField = z
  .array(categoryNameField)
  .transform(uniqueCategories)
  // Counted after de-duplication: "News" and "news" are one category.
  .refine((names) => names.length <= MAX_CATEGORIES_PER_LINK, { error: TOO_MANY_CATEGORIES_MESSAGE })
  .nullish();

// A form with nothing selected may send "" for the primary category; that means "none".
const categoryField = z
  .string()
  .transform((name) => (name.trim() === "" ? undefined : name))
  .pipe(categoryNameField.transform(canonicalCategory).optional())
  .nullish();

export const linkSchema = z
  .object({
    url: urlField,
    title: titleField,
    notes: notesField,
    category: categoryField,
    categories: categoriesField,
  })
  .transform(({ url, title, notes, category, categories }) => {
    // A client that sends only the primary category means a single category. When both are sent,
    // `categories` wins and its first entry is the primary.
    const [primary = DEFAULT_CATEGORY, ...others] = categories ?? (category ? [category] : []);
    return { url, title, notes, category: primary, categories: [primary, ...others] };
  });

export type LinkInput = z.input<typeof linkSchema>;
export type LinkPayload = z.output<typeof linkSchema>;
