import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { countSavedAndReadPerWeek } from "@/lib/stats/queries";
import { READING_WEEKS, type ReadingStatsResponse } from "@/lib/stats/response";
import { localWeeksUpTo } from "@/lib/time/local-week";

/**
 * The user's reading figures: for each of the last 12 weeks in their time zone (the current one
 * last, so far), the links saved in it and the links first read in it, whenever saved.
 */
export async function readingStats(
  user: Pick<User, "id" | "timezone">,
  now = new Date(),
): Promise<ReadingStatsResponse> {
  const weeks = localWeeksUpTo(user.timezone, now, READING_WEEKS);
  const counts = await countSavedAndReadPerWeek(user.id, weeks);
  return {
    weeks: weeks.map((week, i) => ({ week: week.key, saved: counts[i]?.saved ?? 0, read: counts[i]?.read ?? 0 })),
  };
}
