import "server-only";
import { getDb, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { tooManyRequests } from "@/lib/errors";

// Fixed-window counters in the database, so a limit holds across several app instances.
// All of a request's checks are counted in one statement, through the driver.

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

type Check = { rule: RateLimitRule; subject: string };

// One counter's upsert: the count restarts at 1 once its window has passed.
function upsertCounter({ rule, subject }: Check, source: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    SELECT ${`${rule.name}:${subject.toLowerCase()}`}, 1, now() + make_interval(secs => ${rule.windowSeconds}) ${source}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", EXTRACT(EPOCH FROM ("resetAt" - now()))::float8 AS retry_after`;
}

/**
 * Counts one hit on each check, in order, in one statement: each counter is only touched while
 * every earlier one is still within its limit (chained data-modifying CTEs), so a caller refused
 * by the first rule uses up nothing of the next. Returns the results of the checks that counted.
 */
async function hitRateLimits(checks: Check[]): Promise<RateLimitResult[]> {
  if (checks.length === 0) return [];
  const steps = checks.map((check, i) => {
    const previous = i > 0 ? checks[i - 1] : undefined;
    const source = previous
      ? Prisma.sql`FROM ${Prisma.raw(`c${i - 1}`)} WHERE ${Prisma.raw(`c${i - 1}`)}."count" <= ${previous.rule.limit}`
      : Prisma.empty;
    return Prisma.sql`${Prisma.raw(`c${i}`)} AS (${upsertCounter(check, source)})`;
  });
  const results = checks.map((_, i) => Prisma.sql`SELECT ${i}::int AS step, "count", retry_after FROM ${Prisma.raw(`c${i}`)}`);
  const rows = await queryRows<{ step: number; count: number; retry_after: number }>(
    Prisma.sql`WITH ${Prisma.join(steps, ", ")} ${Prisma.join(results, " UNION ALL ")} ORDER BY step`,
  );
  return rows.map((row) => {
    const check = checks[row.step];
    if (!check) throw new Error(`rate limit statement returned an unknown step ${row.step}`);
    const { rule } = check;
    return {
      allowed: row.count <= rule.limit,
      remaining: Math.max(0, rule.limit - row.count),
      // now() is each transaction's start, which can trail another's by a moment: clamp to the window.
      retryAfterSeconds: Math.min(rule.windowSeconds, Math.max(1, Math.ceil(row.retry_after))),
    };
  });
}

export async function hitRateLimit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const [result] = await hitRateLimits([{ rule, subject }]);
  if (!result) throw new Error("rate limit upsert returned no row");
  return result;
}

/** Deletes counters whose window has passed (an expired row would restart at 1 anyway), so the
 *  table holds only live windows; the digest scheduler and the cron call run it. */
export async function pruneExpiredRateLimits(now: Date = new Date()): Promise<number> {
  const { count } = await getDb().rateLimit.deleteMany({ where: { resetAt: { lte: now } } });
  return count;
}

/** Throws a 429 (with Retry-After) when any of the subjects is over its rule. */
export async function enforceRateLimits(checks: Check[], message?: string): Promise<void> {
  const refused = (await hitRateLimits(checks)).find((result) => !result.allowed);
  if (refused) throw tooManyRequests(refused.retryAfterSeconds, message);
}

/** A signed-in user's action: counted per user, then per client address when it is known. The user
 *  comes first so that one user hammering a shared address (an office NAT) is refused without
 *  using up the address's allowance for everyone else behind it. */
export function userAndIpChecks(
  rules: { perUser: RateLimitRule; perIp: RateLimitRule },
  userId: string,
  ip: string | null,
): { rule: RateLimitRule; subject: string }[] {
  return [{ rule: rules.perUser, subject: userId }, ...(ip ? [{ rule: rules.perIp, subject: ip }] : [])];
}

export const RATE_LIMITS = {
  magicLinkPerAddress: { name: "magic-link:address", limit: 5, windowSeconds: 15 * 60 },
  magicLinkPerIp: { name: "magic-link:ip", limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** The client address: as the first proxy saw it, or (Next fills X-Forwarded-For from the socket
 *  when no proxy set it) the connecting address. Null when unknown: per-IP rules are then skipped
 *  rather than putting every visitor in one shared bucket. */
export function clientIp(req: Request): string | null {
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || req.headers.get("x-real-ip")?.trim() || null;
}
