import "server-only";
import { logInfo, logJobError } from "@/lib/log/log";
import { checkDueFeeds } from "@/lib/subscriptions/check-feeds";

// Where the digests are scheduled in the server (the embedded default), the feeds are too: every
// few minutes the due ones are read (each feed is due hourly at most, so a few minutes late at
// most). Runs never overlap; stopping resolves once the run in progress has ended. Hosted
// deployments read them from the hourly cron call instead (app/api/cron/digests/route.ts).
const INTERVAL_MS = 5 * 60_000;
const FIRST_RUN_MS = 20_000;

export function startFeedScheduler({ firstRunMs = FIRST_RUN_MS, intervalMs = INTERVAL_MS } = {}): () => Promise<void> {
  let current: Promise<void> | null = null;
  const run = () => {
    current ??= checkOnce(intervalMs).finally(() => (current = null));
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

async function checkOnce(intervalMs: number): Promise<void> {
  try {
    const checked = await checkDueFeeds({ budgetMs: Math.max(intervalMs - 30_000, 10_000) });
    if (checked) logInfo("feed check", { checked });
  } catch (error) {
    logJobError({ job: "feed-check", error });
  }
}
