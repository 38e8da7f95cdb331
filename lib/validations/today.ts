import "@/lib/validations/zod-setup";
import { z } from "zod";

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
