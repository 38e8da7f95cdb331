import "server-only";

// A job the server runs by itself every few minutes (the embedded default's digest and feed
// schedulers): a first run soon after start-up, then one every `intervalMs`. Runs never overlap (a
// slow run makes the next one wait) and the timers keep no process alive. The stop it returns
// resolves once the run in progress, if any, has ended, so nothing runs after it.

export type RepeatingJob = { firstRunMs: number; intervalMs: number };

export function startRepeatingJob(
  run: () => Promise<void>,
  { firstRunMs, intervalMs }: RepeatingJob,
): () => Promise<void> {
  let current: Promise<void> | null = null;
  const start = () => {
    current ??= run().finally(() => (current = null));
  };
  const first = setTimeout(start, firstRunMs);
  const every = setInterval(start, intervalMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await current;
  };
}

/** The time a run may take: the interval, less a margin, so it ends before the next one is due. */
export const runBudgetMs = (intervalMs: number) => Math.max(intervalMs - 30_000, 10_000);
