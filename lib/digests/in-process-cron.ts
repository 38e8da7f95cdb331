import "server-only";
import { dispatchInProcess } from "@/lib/digests/in-process-workers";
import { pruneExpiredRateLimits } from "@/lib/rate-limits/rate-limit";
import { logJobError, logInfo } from "@/lib/log/log";

// The embedded default needs no outside cron: the server dispatches every few minutes itself, adding
// workers in the process when what is due needs them. Runs never overlap; a slow run makes the next
// one wait. Stopping resolves once the run in progress (if any) has ended, so nothing is sent after.
const INTERVAL_MS = 5 * 60_000;
const FIRST_RUN_MS = 15_000;

export function startDigestScheduler({
  firstRunMs = FIRST_RUN_MS,
  intervalMs = INTERVAL_MS,
} = {}): () => Promise<void> {
  let current: Promise<void> | null = null;
  const run = () => {
    current ??= dispatchOnce(intervalMs).finally(() => (current = null));
  };
  const first = setTimeout(run, firstRunMs);
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await current;
  };
}

async function dispatchOnce(intervalMs: number): Promise<void> {
  try {
    const result = await dispatchInProcess({ budgetMs: Math.max(intervalMs - 30_000, 10_000) });
    if (result.due || result.sent || result.failed) {
      logInfo("digest dispatch", result);
    }
    await pruneExpiredRateLimits();
  } catch (error) {
    logJobError({ job: "digest-scheduler", error });
  }
}
