import "server-only";
import { getDb, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { tooManyRequests } from "@/lib/errors";

// Fixed-window counters in the database, so a limit holds across several app instances.
// One atomic upsert per check, through the driver (saves pay for two): the counter restarts when its
// window has passed.

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export async function hitRateLimit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const rows = await queryRows<{ count: number; retry_after: number }>(Prisma.sql`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", EXTRACT(EPOCH FROM ("resetAt" - now()))::float8 AS retry_after`);
  const row = rows[0];
  if (!row) throw new Error("rate limit upsert returned no row");
  return {
    allowed: row.count <= rule.limit,
    remaining: Math.max(0, rule.limit - row.count),
    // now() is each transaction's start, which can trail another's by a moment: clamp to the window.
    retryAfterSeconds: Math.min(rule.windowSeconds, Math.max(1, Math.ceil(row.retry_after))),
  };
}

/** Deletes counters whose window has passed (an expired row would restart at 1 anyway), so the
 *  table holds only live windows; the digest scheduler and the cron call run it. */
export async function pruneExpiredRateLimits(now: Date = new Date()): Promise<number> {
  const { count } = await getDb().rateLimit.deleteMany({ where: { resetAt: { lte: now } } });
  return count;
}

/** Throws a 429 (with Retry-After) when any of the subjects is over its rule. */
export async function enforceRateLimits(checks: { rule: RateLimitRule; subject: string }[], message?: string): Promise<void> {
  for (const { rule, subject } of checks) {
    const result = await hitRateLimit(rule, subject);
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds, message);
  }
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
