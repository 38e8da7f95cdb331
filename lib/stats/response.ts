import type { z } from "zod";
import type { readingStatsAnswer } from "@/lib/stats/schemas";

// The JSON of GET /api/stats/reading, built by lib/stats/reading.ts. Pure: client components import its type.

/** How many weeks the reading figures cover, the current one included. */
export const READING_WEEKS = 12;

export type ReadingStatsResponse = z.output<typeof readingStatsAnswer>;

/** One local week (Monday to Sunday): links saved in it and links read in it. */
export type ReadingWeek = ReadingStatsResponse["weeks"][number];
