import "server-only";
import { BuildSlots, type ReleaseSlot } from "@/lib/epub/build-slots";
import { BOOK_BUILD_RETRY_SECONDS, BOOK_BUILD_WAIT_MS, BOOK_BUILDS_PER_USER, MAX_BOOK_BUILDS } from "@/lib/epub/limits";
import { HttpError } from "@/lib/http/errors";

// The process's book builds (downloads, Send to Kindle, the digest's books) share one bound.

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
