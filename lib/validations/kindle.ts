import "@/lib/validations/zod-setup";
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

// POST /api/export/kindle: one link, or History's filters, as GET /api/export?format=epub takes them.
export const kindleSendSchema = historyQuerySchema
  .pick({ category: true, q: true })
  .extend({
    unread: z.boolean({ error: "unread must be true or false" }).optional(),
    link: z.string().min(1).max(100).optional(),
  })
  .strict();

export type KindleSendRequest = z.output<typeof kindleSendSchema>;
