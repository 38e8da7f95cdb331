import "@/lib/validations/zod-setup";
import { z } from "zod";
import { isStorableText } from "@/lib/db/input";
import { buildSearchQuery } from "@/lib/links/search";
import { todayQuerySchema } from "@/lib/validations/today";

// GET /api/links/history?limit=&cursor=&category=&q=&unread= (decision 0182): today's
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
});

export type HistoryQuery = z.output<typeof historyQuerySchema>;
