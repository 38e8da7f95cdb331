import "server-only";
import { runWorker, type DispatchResult, type WorkerLauncher } from "@/lib/digests/dispatch";
import { countLeft } from "@/lib/digests/queries";
import { takeWorkerSlot } from "@/lib/digests/worker-slot-queries";

// Self-hosted and embedded deployments fan out inside the process: the workers a run adds are
// more loops like its own, sharing its deadline (the next scheduler run carries on after it).
// Each holds a worker slot, so instances together stay under DIGEST_MAX_WORKERS.

type Settled = { ok: true; result: DispatchResult } | { ok: false; error: unknown };

/** One dispatch run with workers in this process: resolves once every worker it added has ended. */
export async function dispatchInProcess({ budgetMs, now }: { budgetMs: number; now?: Date }): Promise<DispatchResult> {
  const deadline = Date.now() + budgetMs;
  // Settled as they end, so a failing worker is never an unhandled rejection while others run.
  const added: Promise<Settled>[] = [];
  const launcher: WorkerLauncher = {
    continuesPastBudget: false,
    async start(count) {
      let started = 0;
      while (started < count) {
        const lease = await takeWorkerSlot(deadline);
        if (!lease) break;
        added.push(
          runWorker({ deadline, now, lease, launcher }).then(
            (result): Settled => ({ ok: true, result }),
            (error: unknown): Settled => ({ ok: false, error }),
          ),
        );
        started += 1;
      }
      return started;
    },
  };
  const total = await runWorker({ deadline, now, launcher });
  // Workers may add workers while others end: wait until none is left running.
  for (let waited = 0; waited < added.length;) {
    const batch = added.slice(waited);
    waited = added.length;
    for (const settled of await Promise.all(batch)) {
      if (!settled.ok) throw settled.error;
      total.due += settled.result.due;
      total.sent += settled.result.sent;
      total.skipped += settled.result.skipped;
      total.failed += settled.result.failed;
    }
  }
  if (added.length) total.left = await countLeft(now ?? new Date());
  return total;
}
