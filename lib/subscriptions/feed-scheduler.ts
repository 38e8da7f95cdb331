import "server-only";
import { logInfo, logJobError } from "@/lib/log/log";
import { runBudgetMs, startRepeatingJob } from "@/lib/repeating-job";
import { checkDueFeeds } from "@/lib/subscriptions/check-feeds";

// Where the digests are scheduled in the server (the embedded default), the feeds are too: every
// few minutes the due ones are read (each feed is due hourly at most, so a few minutes late at
// most). Hosted
// deployments read them from the hourly cron call instead (app/api/cron/digests/route.ts).
const INTERVAL_MS = 5 * 60_000;
const FIRST_RUN_MS = 20_000;

export function startFeedScheduler({ firstRunMs = FIRST_RUN_MS, intervalMs = INTERVAL_MS } = {}): () => Promise<void> {
  return startRepeatingJob(() => checkOnce(intervalMs), { firstRunMs, intervalMs });
}

async function checkOnce(intervalMs: number): Promise<void> {
  try {
    const checked = await checkDueFeeds({ budgetMs: runBudgetMs(intervalMs) });
    if (checked) logInfo("feed check", { checked });
  } catch (error) {
    logJobError({ job: "feed-check", error });
  }
}
