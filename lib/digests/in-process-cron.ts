import "server-only";
import { dispatchInProcess } from "@/lib/digests/in-process-workers";
import { pruneExpiredRateLimits } from "@/lib/rate-limits/rate-limit";
import { logJobError, logInfo } from "@/lib/log/log";
import { runBudgetMs, startRepeatingJob } from "@/lib/repeating-job";

// The embedded default needs no outside cron: the server dispatches every few minutes itself, adding
// workers in the process when what is due needs them (lib/repeating-job.ts: runs never overlap, and
// stopping waits for the run in progress, so nothing is sent after).
const INTERVAL_MS = 5 * 60_000;
const FIRST_RUN_MS = 15_000;

export function startDigestScheduler({
  firstRunMs = FIRST_RUN_MS,
  intervalMs = INTERVAL_MS,
} = {}): () => Promise<void> {
  return startRepeatingJob(() => dispatchOnce(intervalMs), { firstRunMs, intervalMs });
}

async function dispatchOnce(intervalMs: number): Promise<void> {
  try {
    const result = await dispatchInProcess({ budgetMs: runBudgetMs(intervalMs) });
    if (result.due || result.sent || result.failed) {
      logInfo("digest dispatch", result);
    }
    await pruneExpiredRateLimits();
  } catch (error) {
    logJobError({ job: "digest-scheduler", error });
  }
}
