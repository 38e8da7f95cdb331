import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { reserveCallSlot } from "@/lib/mail/queries";

export { holdCalls } from "@/lib/mail/queries";

// One provider rate for every dispatcher on every instance (docs/decisions/0221). A single row per
// transport holds the instant the next call may start; each call reserves that instant and moves it
// one spacing on, in one statement, so calls from any number of workers queue up evenly. A 429's
// Retry-After moves the same instant, so every worker honours it. Only the database's clock is
// read, and nothing but single statements: it works through a transaction-mode pooler.

/**
 * Calls are spaced 5 % wider than 1/rate: they reach the provider a few milliseconds apart from
 * where they were planned, and a limit over a rolling second counts arrivals.
 */
const SPACING_MARGIN = 1.05;

/**
 * Reserves the next call of `transport` and waits for it; resolves with the milliseconds waited, or
 * null, reserving nothing, when that call could not start within `maxWaitMs`.
 */
export async function awaitCallSlot(
  transport: string,
  perSecond: number,
  maxWaitMs = Infinity,
): Promise<number | null> {
  const spacing = SPACING_MARGIN / perSecond;
  // Postgres intervals stop at 178 million years; a day stands in for "no limit".
  const maxWait = Math.min(maxWaitMs, 86_400_000) / 1000;
  const waitMs = await reserveCallSlot(transport, spacing, maxWait);
  if (waitMs === null) return null;
  if (waitMs <= 0) return 0;
  await sleep(waitMs);
  return waitMs;
}
