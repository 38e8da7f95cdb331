import "server-only";
import { tooManyRequests } from "@/lib/http/errors";
import { countHits, deleteExpiredCounters } from "@/lib/rate-limits/queries";
import type { RateLimitCheck, RateLimitResult, RateLimitRule } from "@/lib/rate-limits/rules";

// Fixed-window counters in the database, so a limit holds across several app instances.
// All of a request's checks are counted in one statement, through the driver.

/**
 * Counts one hit on each check, in order, in one statement: each counter is only touched while
 * every earlier one is still within its limit (chained data-modifying CTEs), so a caller refused
 * by the first rule uses up nothing of the next. Returns the results of the checks that counted.
 */
async function hitRateLimits(checks: RateLimitCheck[]): Promise<RateLimitResult[]> {
  if (checks.length === 0) return [];
  const rows = await countHits(checks);
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
  return deleteExpiredCounters(now);
}

/** Throws a 429 (with Retry-After) when any of the subjects is over its rule. */
export async function enforceRateLimits(checks: RateLimitCheck[], message?: string): Promise<void> {
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
