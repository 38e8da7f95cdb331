import "server-only";
import { randomUUID } from "node:crypto";
import { getHeapStatistics } from "node:v8";
import {
  claimPageWork,
  deferUserPageWork,
  finishPageWork,
  type PageJob,
  releaseAllPageWorkClaims,
} from "@/lib/articles/queries";
import {
  FRESH_PAGE_WORK_SECONDS,
  PAGE_FETCH_BACKLOG_BUDGET,
  PAGE_FETCH_BUDGET,
  PAGE_WORK_LEASE_SECONDS,
  PAGE_WORK_LIMITS,
} from "@/lib/articles/page-work-limits";
import { type Reservation, WorkSlots } from "@/lib/articles/work-slots";
import { logJobError, logInfo } from "@/lib/log/log";
import { hitRateLimit } from "@/lib/rate-limits/rate-limit";
import { MEMORY_BUDGET } from "@/lib/memory/budget";
import { nearHeapLimit } from "@/lib/memory/memory-budget.mjs";

// The runner of owed page work (decision 0301), one per process: it takes rows newest first (decision
// 0376) from the PageWork table while it has a free slot, room for one more page's bytes and its heap is not near
// its budget, and runs each. It wakes
// when this process owes new work, and polls for work other instances or an earlier run of this one
// left. Requests never wait for it: they only insert rows.

/** How often a running process looks for work it was not told about (other instances', deferred rows). */
const POLL_MS = 10_000;

/**
 * The server's heap is near its budget (decision 0352): page work takes no more pages until one
 * ends. Each ending page wakes the claimer again, so the work waits; none is dropped.
 */
function heapUnderPressure(): boolean {
  const { used_heap_size: usedBytes, heap_size_limit: limitBytes } = getHeapStatistics();
  return nearHeapLimit({ usedBytes, limitBytes });
}

/** Does one claimed row; `held` is its share of the bytes cap, to shrink to the page's size once fetched. */
export type PageJobRunner = (job: PageJob, held: Reservation) => Promise<void>;

export type PageWorkRunner = {
  /** Starts waking on new work and polling; returns the stop. */
  start: (options?: { pollMs?: number }) => () => Promise<void>;
  /**
   * New work was owed in this process: take it now, if the runner is started. Resolves once the
   * pages running then have ended, so that a host that freezes a function after its response
   * (`after()` keeps it alive meanwhile) still does them.
   */
  wake: () => Promise<void>;
  /** Runs owed work that is due until none is left (tests, and a stopping script); deferred rows stay. */
  drain: () => Promise<void>;
};

export function createPageWorkRunner(run: PageJobRunner): PageWorkRunner {
  const claimedBy = randomUUID();
  const slots = new WorkSlots(PAGE_WORK_LIMITS);
  const maxPageBytes = MEMORY_BUDGET.articleMaxBytes;
  const inFlight = new Set<Promise<void>>();
  let started = false;
  let stopped = false;
  let filling: Promise<void> | null = null;
  let again = false;

  async function runOne(job: PageJob, held: Reservation): Promise<void> {
    try {
      // Backlog stops short of the budget, so its last few fetches stay for fresh work (decision 0376).
      const budget = await hitRateLimit(job.fresh ? PAGE_FETCH_BUDGET : PAGE_FETCH_BACKLOG_BUDGET, job.userId);
      if (!budget.allowed) {
        await deferUserPageWork(
          job.userId,
          claimedBy,
          budget.retryAfterSeconds,
          job.fresh ? null : FRESH_PAGE_WORK_SECONDS,
        );
        return;
      }
      await run(job, held);
      await finishPageWork(job, claimedBy);
    } catch (error) {
      // The row stays claimed: it is taken again when its lease runs out (at most a few times).
      logJobError({ job: "page-work", linkId: job.linkId, error });
    }
  }

  /** Claims while a slot and a page's bytes are free; one claimer at a time in this process. */
  async function claimWhileRoom(): Promise<void> {
    while (again) {
      again = false;
      while (!stopped && slots.canStart(maxPageBytes) && (slots.usage.running === 0 || !heapUnderPressure())) {
        const held = slots.reserve(maxPageBytes);
        let job: PageJob | null;
        try {
          job = await claimPageWork(claimedBy, PAGE_WORK_LEASE_SECONDS, FRESH_PAGE_WORK_SECONDS);
        } catch (error) {
          held.release();
          throw error;
        }
        if (!job) {
          held.release();
          break;
        }
        const done: Promise<void> = runOne(job, held).finally(() => {
          held.release();
          inFlight.delete(done);
          if (started) void fill();
        });
        inFlight.add(done);
      }
    }
  }

  function fill(): Promise<void> {
    again = true;
    filling ??= claimWhileRoom()
      .catch((error: unknown) => {
        logJobError({ job: "page-work", error });
      })
      .finally(() => {
        filling = null;
        // Woken after the last pass ended but before it was let go: one more pass.
        if (again) void fill();
      });
    return filling;
  }

  return {
    start({ pollMs = POLL_MS } = {}) {
      started = true;
      void fill();
      const every = setInterval(() => void fill(), pollMs);
      every.unref();
      return async () => {
        stopped = true;
        clearInterval(every);
        await filling;
      };
    },
    async wake() {
      if (!started || stopped) return;
      await fill();
      await Promise.all([...inFlight]);
    },
    async drain() {
      for (;;) {
        await fill();
        if (inFlight.size === 0) return;
        await Promise.all([...inFlight]);
      }
    },
  };
}

/** At the embedded database's start: no other process can hold a claim, so every claim is freed now. */
export async function releaseDeadClaims(): Promise<void> {
  const released = await releaseAllPageWorkClaims();
  if (released) logInfo("page work taken back from a stopped run", { released });
}
