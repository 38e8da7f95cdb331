import "@/lib/zod/setup";
import { z } from "zod";
import {
  BUILT_IN_CATEGORIES,
  categoryKey,
  DEFAULT_CATEGORY,
  findExistingCategory,
  MAX_CATEGORIES_PER_LINK,
} from "@/lib/categories/rules";
import { URL_REQUIRED_MESSAGE, normalizeUrl } from "@/lib/links/url";
import { categoryNameField } from "@/lib/categories/schemas";
import { parseDayKey } from "@/lib/links/reminder-days";
import { isStorableText } from "@/lib/db/input";
import { buildSearchQuery } from "@/lib/links/search";
import { nullableTimestamp, timestamp } from "@/lib/zod/fields";

// Links as the API takes and answers them.

// The add-link payload {url, title, notes, category, categories} (docs/product.md, "Links and
// categories"), shared by the dashboard form and POST /api/links.

export const MAX_NOTES_LENGTH = 5000;
export const NOTES_TOO_LONG_MESSAGE = `Notes can be at most ${MAX_NOTES_LENGTH} characters`;
export const TOO_MANY_CATEGORIES_MESSAGE = `You can select up to ${MAX_CATEGORIES_PER_LINK} categories`;

/** An address as a save takes it: normalised (a missing scheme becomes https), or refused with why. */
export const urlField = z.string({ error: URL_REQUIRED_MESSAGE }).transform((value, ctx) => {
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

// PATCH /api/links/{id}: any of read, remindOn, archived and favorite (docs/product.md, "Remind me"
// and "Favorites"). Whether
// a reminder day is today or later depends on the owner's time zone: lib/links/service.ts checks it.

export const READ_REQUIRED_MESSAGE = "read must be true or false";
export const ARCHIVED_REQUIRED_MESSAGE = "archived must be true or false";
export const FAVORITE_REQUIRED_MESSAGE = "favorite must be true or false";
export const REMIND_ON_FORMAT_MESSAGE = 'remindOn must be a date written "YYYY-MM-DD", or null to remove the reminder';
export const LINK_UPDATE_REQUIRED_MESSAGE =
  "Send read (true or false), remindOn (a date or null), archived (true or false) or favorite (true or false)";
export const REMINDER_CONFLICT_MESSAGE =
  "A reminder is for an unread link kept in your stash: it cannot be set while marking the link read or archiving it";

export const notACalendarDayMessage = (value: string) => `remindOn ${value} is not a day on the calendar`;

const remindOnField = z
  .string({ error: REMIND_ON_FORMAT_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: REMIND_ON_FORMAT_MESSAGE })
  .refine((value) => parseDayKey(value) !== null, { error: (issue) => notACalendarDayMessage(String(issue.input)) })
  .nullable()
  .meta({
    description:
      "The day the link comes back, in the owner's time zone: today or later, at most 5 years ahead. null removes the reminder.",
    examples: ["2026-12-05"],
  });

export const linkUpdateSchema = z
  .object(
    {
      read: z.boolean({ error: READ_REQUIRED_MESSAGE }).optional().meta({
        description: "true marks the link read (keeping the first read time, removing its reminder); false unread.",
      }),
      remindOn: remindOnField.optional(),
      archived: z.boolean({ error: ARCHIVED_REQUIRED_MESSAGE }).optional().meta({
        description:
          'true sets the link aside ("Not interested": it stays in the history, its reminder removed); false brings it back.',
      }),
      favorite: z.boolean({ error: FAVORITE_REQUIRED_MESSAGE }).optional().meta({
        description: "true adds the link to Favorites (keeping the first time it was added); false removes it.",
      }),
    },
    { error: LINK_UPDATE_REQUIRED_MESSAGE },
  )
  .refine(
    (body) =>
      body.read !== undefined ||
      body.remindOn !== undefined ||
      body.archived !== undefined ||
      body.favorite !== undefined,
    { error: LINK_UPDATE_REQUIRED_MESSAGE },
  )
  .refine((body) => !(typeof body.remindOn === "string" && (body.read === true || body.archived === true)), {
    error: REMINDER_CONFLICT_MESSAGE,
  })
  .meta({ id: "LinkUpdate" });

export type LinkUpdate = z.output<typeof linkUpdateSchema>;

/** Links per page of today's list and of the history (decision 0182). */
export const LINK_PAGE_SIZE = 50;

const LIMIT_MESSAGE = `limit must be a number from 1 to ${LINK_PAGE_SIZE}`;

// GET /api/links/today?limit=&cursor= (decision 0182: today's list pages as the history does).
export const todayQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(LINK_PAGE_SIZE, { error: LIMIT_MESSAGE })
    .optional(),
  cursor: z.string().max(200).optional(),
});

export type TodayQuery = z.output<typeof todayQuerySchema>;

// GET /api/links/history?limit=&cursor=&category=&q=&unread=&favorites= (decision 0182): today's
// paging, and the filters.
export const historyQuerySchema = todayQuerySchema.extend({
  category: z.string().max(100).refine(isStorableText, { error: "Invalid category" }).optional(),
  // The search words as a tsquery (null: no search); too long a search is refused with its message.
  q: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const query = buildSearchQuery(value ?? "");
      if (query.ok) return query.tsquery;
      ctx.addIssue({ code: "custom", message: query.message });
      return z.NEVER;
    }),
  unread: z
    .enum(["1", "true", "0", "false"], { error: "unread must be 1 or 0" })
    .optional()
    .transform((value) => value === "1" || value === "true"),
  favorites: z
    .enum(["1", "true", "0", "false"], { error: "favorites must be 1 or 0" })
    .optional()
    .transform((value) => value === "1" || value === "true")
    .meta({ description: "1: only the links in Favorites." }),
});

export type HistoryQuery = z.output<typeof historyQuerySchema>;

// GET /api/links/lookup?url=: is this page already in the caller's stash (the extension's badge)?
// The address is normalised as a save normalises it, so it finds what a save of it stored.

export const linkLookupQuerySchema = z.object({ url: urlField });

export const linkAnswer = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: "The stored, normalised address." }),
    title: z.string().nullable(),
    description: z.string().nullable(),
    siteName: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    notes: z.string().nullable(),
    category: z.string().meta({ description: "The primary category: the first of `categories`." }),
    categories: z.array(z.string()).meta({ description: "One to three category names." }),
    createdAt: timestamp,
    readAt: nullableTimestamp,
    readingMinutes: z.number().int().nullable().meta({ description: "Null until the article is extracted." }),
    remindOn: z.iso.date().nullable().meta({
      description: "The day the link comes back (YYYY-MM-DD, the owner's time zone); null without a reminder.",
    }),
    archivedAt: nullableTimestamp.meta({
      description: 'When the link was set aside ("Not interested"); null when it is not archived.',
    }),
    favoritedAt: nullableTimestamp.meta({
      description: "When the link was added to Favorites; null when it is not a favorite.",
    }),
  })
  .meta({ id: "Link" });

export const linkListAnswer = z.array(linkAnswer);

export const savedLinkAnswer = z.object({
  success: z.literal(true),
  /** true when the address was already saved today: the answer is that link (200), not a new one (201) */
  alreadySaved: z.boolean(),
  link: linkAnswer,
});

export const categoryNamesAnswer = z
  .array(z.string())
  .meta({ description: "Every category name found on the caller's links." });
