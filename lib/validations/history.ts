import "@/lib/validations/zod-setup";
import { z } from "zod";
import { isStorableText } from "@/lib/db-input";
import { buildSearchQuery } from "@/lib/search-query";

// GET /api/links/history?limit=&cursor=&category=&q=&unread= (DESIGN.md §3 "History").
export const historyQuerySchema = z.object({
  limit: z.coerce.number({ error: "limit must be a number from 1 to 200" }).int().min(1, { error: "limit must be a number from 1 to 200" }).max(200, { error: "limit must be a number from 1 to 200" }).optional(),
  cursor: z.string().max(200).optional(),
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
});

export type HistoryQuery = z.output<typeof historyQuerySchema>;
