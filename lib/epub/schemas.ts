import "@/lib/zod/setup";
import { z } from "zod";
import { historyQuerySchema } from "@/lib/links/schemas";

// Send to Kindle (docs/product.md, "E-reader"): the user's Kindle address and the books sent to it.

export const KINDLE_ADDRESS_MESSAGE = "Enter your Send to Kindle address: it ends in @kindle.com";

/** Amazon's Send to Kindle domains: books go only there, so the feature cannot mail files anywhere else. */
export const KINDLE_DOMAINS = ["kindle.com", "free.kindle.com", "kindle.cn"] as const;

export function isKindleAddress(address: string): boolean {
  const domain = address.slice(address.lastIndexOf("@") + 1);
  return KINDLE_DOMAINS.some((kindle) => domain === kindle);
}

const kindleAddressField = z
  .string({ error: KINDLE_ADDRESS_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: KINDLE_ADDRESS_MESSAGE }).max(254, { error: KINDLE_ADDRESS_MESSAGE }))
  .refine(isKindleAddress, { error: KINDLE_ADDRESS_MESSAGE });

// PUT /api/user/kindle: an empty address (or null) removes it, and with it the digest's books.
export const kindleSettingsSchema = z.object({
  kindleEmail: z.union([z.literal("").transform(() => null), z.null(), kindleAddressField]),
  kindleWithDigest: z.boolean({ error: "kindleWithDigest must be true or false" }).optional(),
});

export type KindleSettings = z.output<typeof kindleSettingsSchema>;

// Its answer, and GET /api/user/kindle's.
export const kindleSettingsAnswer = z.object({
  kindleEmail: z.string().nullable().meta({ description: "The caller's Send to Kindle address, or null." }),
  kindleWithDigest: z.boolean().meta({ description: "Whether each digest's links are also mailed there as a book." }),
  from: z.string().meta({
    description:
      "The address the caller's books come from, theirs alone: Amazon delivers only from senders the Kindle's owner approved.",
  }),
});

export type KindleSettingsAnswer = z.output<typeof kindleSettingsAnswer>;

// POST /api/export/kindle: one link, or History's filters, as GET /api/export?format=epub takes them.
export const kindleSendSchema = historyQuerySchema
  .pick({ category: true, q: true })
  .extend({
    unread: z.boolean({ error: "unread must be true or false" }).optional(),
    favorites: z.boolean({ error: "favorites must be true or false" }).optional(),
    link: z.string().min(1).max(100).optional(),
  })
  .strict();

export type KindleSendRequest = z.output<typeof kindleSendSchema>;

// Its answer: where the book went.
export const kindleSentAnswer = z.object({
  sent: z.literal(true),
  to: z.string().meta({ description: "The Kindle address the book was mailed to." }),
  bytes: z.number().int().meta({ description: "The book's size." }),
  title: z.string(),
});

export type KindleSentAnswer = z.output<typeof kindleSentAnswer>;

// GET /api/export?format=epub: one link (`link`), or History's filters (category, q, unread, favorites; none:
// every link), at most MAX_BOOK_LINKS of them, newest first.
export const epubExportQuerySchema = historyQuerySchema
  .pick({ category: true, q: true, unread: true, favorites: true })
  .extend({
    format: z.literal("epub"),
    link: z.string().min(1).max(100).optional(),
  });

export type EpubExportQuery = z.output<typeof epubExportQuerySchema>;
