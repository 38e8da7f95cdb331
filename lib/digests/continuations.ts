import "server-only";
import { after } from "next/server";
import { runWorker, type WorkerLauncher } from "@/lib/digests/dispatch";
import { takeWorkerSlot } from "@/lib/digests/worker-slot-queries";
import { env } from "@/lib/env";
import { logJobError, logInfo } from "@/lib/log/log";

// Hosted deployments fan out through the cron route itself (docs/decisions/0222): a run that cannot
// send what is due within its function's time starts continuations, calls to the same route with
// the cron secret and a marker. Each takes a worker slot, answers 202 at once and works after the
// answer (`after()`, which the platform keeps alive until the function's maxDuration).

export const CONTINUATION_PATH = "/api/cron/digests?continuation=1";
/** A continuation that does not answer within this is counted as not started. */
const START_TIMEOUT_MS = 10_000;

async function startOne(): Promise<boolean> {
  try {
    const response = await fetch(`${env.appUrl}${CONTINUATION_PATH}`, {
      headers: { authorization: `Bearer ${env.cronSecret}` },
      signal: AbortSignal.timeout(START_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status === 202;
  } catch (error) {
    logJobError({ job: "digest-continuation", error });
    return false;
  }
}

export function cronContinuations(): WorkerLauncher {
  return {
    continuesPastBudget: true,
    async start(count) {
      if (!env.cronSecret || count <= 0) return 0;
      const answers = await Promise.all(Array.from({ length: count }, startOne));
      return answers.filter(Boolean).length;
    },
  };
}

/** The continuation's side: false when every worker slot is taken (nothing was started). */
export async function startContinuation(budgetMs: number): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  const lease = await takeWorkerSlot(deadline);
  if (!lease) return false;
  after(async () => {
    try {
      const result = await runWorker({ deadline, lease, launcher: cronContinuations() });
      logInfo("digest continuation", result);
    } catch (error) {
      logJobError({ job: "digest-continuation", leaseId: lease.leaseId, error });
    }
  });
  return true;
}
