import "server-only";
import { WorkSlots } from "@/lib/articles/work-slots";
import { MEMORY_BUDGET } from "@/lib/memory/budget";
import { FEED_LIMITS } from "@/lib/subscriptions/feed-types";

// The feed reads one process runs at once, whoever asks (the poller, a subscription, a refresh):
// each may hold a whole feed (5 MB), counted against a budget the size of the page work's (decision
// 0352): one read at a time on a small machine, two on a larger one. A read waits for its turn.

const BUDGET_BYTES = Math.max(MEMORY_BUDGET.pageWork.maxBytes, FEED_LIMITS.maxBytes);

/** How many feeds one process reads at once. */
export const FEED_READS_AT_ONCE = Math.max(1, Math.floor(BUDGET_BYTES / FEED_LIMITS.maxBytes));

const slots = new WorkSlots({ concurrency: FEED_READS_AT_ONCE, maxBytes: BUDGET_BYTES });
const waiting: (() => void)[] = [];

/** Runs `read` once a slot is free; the slot is freed when it ends. */
export async function withFeedSlot<T>(read: () => Promise<T>): Promise<T> {
  while (!slots.canStart(FEED_LIMITS.maxBytes)) await new Promise<void>((resolve) => waiting.push(resolve));
  const reservation = slots.reserve(FEED_LIMITS.maxBytes);
  try {
    return await read();
  } finally {
    reservation.release();
    waiting.shift()?.();
  }
}
