import "server-only";
import { getDb, queryRows } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RateLimitCheck } from "@/lib/rate-limits/rules";

// The rate limits' one statement (decision 0005): every counter of a request upserted in order, a
// counter touched only while every earlier one is still within its limit (chained data-modifying
// CTEs), through the driver since every limited request pays for it.

// One counter's upsert: the count restarts at 1 once its window has passed.
function upsertCounter({ rule, subject }: RateLimitCheck, source: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    SELECT ${`${rule.name}:${subject.toLowerCase()}`}, 1, now() + make_interval(secs => ${rule.windowSeconds}) ${source}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", EXTRACT(EPOCH FROM ("resetAt" - now()))::float8 AS retry_after`;
}

/** The counts after this hit, one row per check that counted (`step` is its index), in order. */
export async function countHits(
  checks: RateLimitCheck[],
): Promise<{ step: number; count: number; retry_after: number }[]> {
  const steps = checks.map((check, i) => {
    const previous = i > 0 ? checks[i - 1] : undefined;
    const source = previous
      ? Prisma.sql`FROM ${Prisma.raw(`c${i - 1}`)} WHERE ${Prisma.raw(`c${i - 1}`)}."count" <= ${previous.rule.limit}`
      : Prisma.empty;
    return Prisma.sql`${Prisma.raw(`c${i}`)} AS (${upsertCounter(check, source)})`;
  });
  const results = checks.map(
    (_, i) => Prisma.sql`SELECT ${i}::int AS step, "count", retry_after FROM ${Prisma.raw(`c${i}`)}`,
  );
  return queryRows<{ step: number; count: number; retry_after: number }>(
    Prisma.sql`WITH ${Prisma.join(steps, ", ")} ${Prisma.join(results, " UNION ALL ")} ORDER BY step`,
  );
}

/** Deletes the counters whose window has passed; how many went. */
export async function deleteExpiredCounters(now: Date): Promise<number> {
  const { count } = await getDb().rateLimit.deleteMany({ where: { resetAt: { lte: now } } });
  return count;
}
