import "server-only";
import { env } from "@/lib/env";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import type { WorkSlotLimits } from "@/lib/articles/work-slots";
import { MEMORY_BUDGET } from "@/lib/memory/budget";

// The bounds of the owed page work (decision 0301), in one place: the runner applies them, and
// tests read them.

/**
 * One process's bounds, from its memory budget (decision 0352): pages fetched and extracted at once,
 * and fetched HTML held at once (a fetch reserves a whole article's 5 MB before it starts: one page
 * on a small machine, two of the largest or three smaller on a larger one).
 */
export const PAGE_WORK_LIMITS: WorkSlotLimits = MEMORY_BUDGET.pageWork;

/** A claim's lease: far past a fetch's 5 s and an extraction's 15 s; a dead process's claim is retaken after it. */
export const PAGE_WORK_LEASE_SECONDS = 120;

/** Runs of one row before it is given up (a page that brings its process down must not do so forever). */
export const MAX_PAGE_WORK_ATTEMPTS = 3;

/**
 * Page fetches one user may cause, saves included: far above saving by hand, and what a scripted
 * burst gets at once; the rest of a burst waits for the next window (deferred, never dropped). 60
 * unless the operator sets PAGE_FETCH_BUDGET_PER_10_MINUTES (decision 0353).
 */
export const PAGE_FETCH_BUDGET = {
  name: "page-fetch:user",
  limit: env.pageFetchBudgetPer10Minutes,
  windowSeconds: 10 * 60,
} satisfies RateLimitRule;

/**
 * Fresh work first (decision 0376): a row owed in the last few minutes (a save, or the reader
 * opening or refreshing a link) is fresh; an older one is backlog (a scripted burst's rest).
 */
export const FRESH_PAGE_WORK_SECONDS = 2 * 60;

/**
 * The share of the budget only fresh work may spend: backlog stops at the rest, so a burst saved
 * earlier can never leave a new save waiting for the next window. A sixth, at most 10 (10 of 60).
 */
export const PAGE_FETCH_FRESH_RESERVE = Math.min(10, Math.floor(PAGE_FETCH_BUDGET.limit / 6));

/** The same counter as PAGE_FETCH_BUDGET, with the backlog's lower limit. */
export const PAGE_FETCH_BACKLOG_BUDGET = {
  ...PAGE_FETCH_BUDGET,
  limit: PAGE_FETCH_BUDGET.limit - PAGE_FETCH_FRESH_RESERVE,
} satisfies RateLimitRule;
