import "server-only";
import { queryRows } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { LocalWeek } from "@/lib/time/local-week";

// The reading figures' SQL: counts bucketed by the user's local weeks, which Prisma's groupBy
// cannot say (its buckets are column values, not ranges).

export type WeekCounts = { saved: number; read: number };

/**
 * Links of `userId` saved (createdAt) and read (readAt) in each of `weeks` (consecutive, oldest
 * first), in one statement. Saves are read through the (userId, createdAt) index for the weeks'
 * span alone; reads have no index of their own, so the user's rows are read once through the
 * userId prefix of that index, as a read in these weeks may be of a link saved any time before.
 */
export async function countSavedAndReadPerWeek(userId: string, weeks: readonly LocalWeek[]): Promise<WeekCounts[]> {
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return [];
  // width_bucket places a time in [starts[i], starts[i+1]) as bucket i+1 (1 for the oldest week).
  // The bounds as ISO text, which a timestamp column reads as UTC (the driver would write a Date
  // inside an array in the process's local zone).
  const starts = [...weeks.map((week) => week.start.toISOString()), last.end.toISOString()];
  const rows = await queryRows<{ bucket: number; saved: number; read: number }>(Prisma.sql`
    SELECT bucket, count(*) FILTER (WHERE kind = 's')::int AS saved, count(*) FILTER (WHERE kind = 'r')::int AS read
    FROM (
      SELECT width_bucket("createdAt", ${starts}::timestamp[]) AS bucket, 's' AS kind FROM "Link"
      WHERE "userId" = ${userId} AND "createdAt" >= ${first.start} AND "createdAt" < ${last.end}
      UNION ALL
      SELECT width_bucket("readAt", ${starts}::timestamp[]), 'r' FROM "Link"
      WHERE "userId" = ${userId} AND "readAt" >= ${first.start} AND "readAt" < ${last.end}
    ) AS events
    GROUP BY bucket`);
  const counts = weeks.map((): WeekCounts => ({ saved: 0, read: 0 }));
  for (const row of rows) {
    const week = counts[row.bucket - 1];
    if (week) {
      week.saved = row.saved;
      week.read = row.read;
    }
  }
  return counts;
}
