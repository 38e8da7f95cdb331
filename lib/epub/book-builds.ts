import "server-only";
import { BuildSlots, type ReleaseSlot } from "@/lib/epub/build-slots";
import { BOOK_BUILD_RETRY_SECONDS, BOOK_BUILD_WAIT_MS, BOOK_BUILDS_PER_USER } from "@/lib/epub/limits";
import { HttpError } from "@/lib/http/errors";
import { MEMORY_BUDGET } from "@/lib/memory/budget";

// The process's book builds (downloads, Send to Kindle, the digest's books) share one bound.

/**
 * Books written at once in one process, from its memory budget (1 on a 512 MB machine, 4 from 2 GB).
 * A book holds at most `imageFetchConcurrency` images (each at most `bytesPerImage`) and one chapter
 * at a time, so this bounds what books take together.
 */
export const MAX_BOOK_BUILDS = MEMORY_BUDGET.epubBuildsAtOnce;

const slots = new BuildSlots(MAX_BOOK_BUILDS, BOOK_BUILDS_PER_USER);

const retryAfter = { "Retry-After": String(BOOK_BUILD_RETRY_SECONDS) };

/**
 * A build slot for a user's request: it waits up to BOOK_BUILD_WAIT_MS for one, then answers 503;
 * a user already making BOOK_BUILDS_PER_USER books is answered 429 at once.
 */
export async function takeBookBuild(userId: string): Promise<ReleaseSlot> {
  const result = await slots.acquire({ owner: userId, waitMs: BOOK_BUILD_WAIT_MS });
  if (result.ok) return result.release;
  if (result.reason === "owner busy")
    throw new HttpError(
      429,
      `You are already making ${BOOK_BUILDS_PER_USER} books. Wait for one to finish, then try again.`,
      "rate_limited",
      retryAfter,
    );
  throw new HttpError(
    503,
    "Many books are being made right now. Please try again in a minute.",
    "unavailable",
    retryAfter,
  );
}

/** `work` in a build slot, for background work: it waits as long as it takes, never refused. */
export async function inBackgroundBookBuild<T>(work: () => Promise<T>): Promise<T> {
  const result = await slots.acquire({ owner: null, waitMs: Infinity });
  if (!result.ok) throw new Error("A background book build was refused a slot.");
  try {
    return await work();
  } finally {
    result.release();
  }
}

/** Builds running and waiting in this process. */
export function bookBuilds(): { active: number; waiting: number } {
  return { active: slots.active, waiting: slots.waiting };
}
