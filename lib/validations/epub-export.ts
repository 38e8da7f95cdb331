import "@/lib/validations/zod-setup";
import { z } from "zod";
import { historyQuerySchema } from "@/lib/links/schemas";

// GET /api/export?format=epub: one link (`link`), or History's filters (category, q, unread; none:
// every link), at most MAX_BOOK_LINKS of them, newest first.
export const epubExportQuerySchema = historyQuerySchema.pick({ category: true, q: true, unread: true }).extend({
  format: z.literal("epub"),
  link: z.string().min(1).max(100).optional(),
});

export type EpubExportQuery = z.output<typeof epubExportQuerySchema>;
