import type { RateLimitRule } from "@/lib/http/rate-limit";
import type { WorkSlotLimits } from "@/lib/articles/work-slots";

// The bounds of the owed page work (decision 0301), in one place: the runner applies them, and the
// burst benchmark and tests read them. Pure constants.

/**
 * One process's bounds: pages fetched and extracted at once, and fetched HTML held at once (a fetch
 * reserves a whole article's 5 MB before it starts: two of the largest pages, or three smaller).
 */
export const PAGE_WORK_LIMITS = { concurrency: 3, maxBytes: 12 * 1024 * 1024 } satisfies WorkSlotLimits;

/** A claim's lease: far past a fetch's 5 s and an extraction's 15 s; a dead process's claim is retaken after it. */
export const PAGE_WORK_LEASE_SECONDS = 120;

/** Runs of one row before it is given up (a page that brings its process down must not do so forever). */
export const MAX_PAGE_WORK_ATTEMPTS = 3;

/**
 * Page fetches one user may cause, saves included: far above saving by hand, and what a scripted
 * burst gets at once; the rest of a burst waits for the next window (deferred, never dropped).
 */
export const PAGE_FETCH_BUDGET = {
  name: "page-fetch:user",
  limit: 60,
  windowSeconds: 10 * 60,
} satisfies RateLimitRule;
