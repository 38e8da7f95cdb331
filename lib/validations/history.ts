import { z } from "zod";
import { isStorableText } from "@/lib/db-input";

// GET /api/links/history?limit=&cursor=&category= (DESIGN.md §3 "History").
export const historyQuerySchema = z.object({
  limit: z.coerce.number({ error: "limit must be a number from 1 to 200" }).int().min(1, { error: "limit must be a number from 1 to 200" }).max(200, { error: "limit must be a number from 1 to 200" }).optional(),
  cursor: z.string().max(200).optional(),
  category: z.string().max(100).refine(isStorableText, { error: "Invalid category" }).optional(),
});
