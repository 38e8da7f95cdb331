import "@/lib/zod/setup";
import { z } from "zod";
import { MAX_CATEGORY_NAME_LENGTH } from "@/lib/categories/rules";

// A category name (docs/product.md, "Links and categories"), shared by the category dialogs,
// POST /api/categories and the categories of an add-link payload.

export const CATEGORY_NAME_INVALID_MESSAGE = "Please enter a valid category name";
export const CATEGORY_NAME_TOO_LONG_MESSAGE = `Category names can be at most ${MAX_CATEGORY_NAME_LENGTH} characters`;

// Control characters (newlines, tabs, NUL) inside a name would break chips, emails and filters.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export const categoryNameField = z
  .string({ error: CATEGORY_NAME_INVALID_MESSAGE })
  // One stored form per name, so that equal-looking names are equal strings too.
  .overwrite((name) => name.normalize("NFC"))
  .trim()
  .min(1, { error: CATEGORY_NAME_INVALID_MESSAGE })
  .max(MAX_CATEGORY_NAME_LENGTH, { error: CATEGORY_NAME_TOO_LONG_MESSAGE })
  // A lone surrogate (half an emoji) cannot be stored and is no name either.
  .refine((name) => !CONTROL_CHARACTER.test(name) && name.isWellFormed(), { error: CATEGORY_NAME_INVALID_MESSAGE });

export const categorySchema = z.object({ name: categoryNameField });

export type CategoryInput = z.input<typeof categorySchema>;
export type CategoryPayload = z.output<typeof categorySchema>;
