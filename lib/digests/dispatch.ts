import "server-only";
import { digestHighlightsFor } from "@/lib/highlights/digest";
import { setTimeout as sleep } from "node:timers/promises";
import { composeDigest } from "@/lib/digests/compose";
import { workersToStart } from "@/lib/digests/fan-out";
import { countBusyWorkers, releaseWorkerSlot, type WorkerLease } from "@/lib/digests/worker-slot-queries";
import { queueDigestBooks } from "@/lib/digests/kindle-books";
import {
  claimPending,
  countBacklog,
  countLeft,
  enqueueDue,
  handBack,
  linksFor,
  markFailed,
  markSent,
  markSkipped,
  noteBatchError,
  progressFor,
  reclaimStalledBatch,
  selectComingBack,
  type Claimed,
} from "@/lib/digests/queries";
import { feedItemsFor } from "@/lib/digests/feed-item-queries";
import { env } from "@/lib/env";
import { digestRecipients } from "@/lib/users/queries";
import { logJobError } from "@/lib/log/log";
import { mailTransport, type MailTransport, type OutgoingEmail } from "@/lib/mail/transport";

// Scheduled digests, exactly once (docs/decisions/0016-digest-exactly-once.md):
// 1. enqueue: due users (nextDigestAt <= now) are locked with SKIP LOCKED, get one DigestDelivery
//    per slot (unique on user + slot) holding the window of links it covers, and move on to their
//    next slot, all in one transaction per batch of users;
// 2. send: pending rows are claimed into a batch (its id is the provider's idempotency key), rendered
//    and sent in one provider call, then marked sent. A batch whose reply was lost stays "sending"
//    and is reclaimed whole after STALL_MS, under the same key, so the provider drops the repeat.
// Every step is a constant number of SQL statements per batch, not per user, and a worker holds one
// batch at a time: its memory does not grow with the number of users (docs/decisions/0220).
// A worker that cannot send what is due within its budget adds workers beside it, and one whose
// budget ends with digests left starts a continuation of itself (docs/decisions/0222).

export const STALL_MS = 5 * 60_000;
/** Stop starting new work this long before the time budget ends. */
const SAFETY_MS = 3_000;
/** A provider call starts at least this long before the budget ends, leaving time for its answer. */
const CALL_MARGIN_MS = 1_000;
/** Pauses before the same call is made again after an error that may be passing. */
const RETRY_PAUSES_MS = [1_000, 5_000];
/** How often a worker checks whether more workers are needed. */
const FAN_OUT_EVERY_MS = 5_000;
/** How often a worker looks for a stalled batch (only one idle for STALL_MS is taken back). */
const RECLAIM_EVERY_MS = 30_000;

export type DispatchResult = {
  due: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Digests due or queued when this run ended (continuations may be sending them). */
  left: number;
  /** Workers this run started: cron continuations, or workers in this process. */
  continuations: number;
};

/** Starts the workers a run adds; cron continuations on a hosted deployment, workers in the process otherwise. */
export type WorkerLauncher = {
  /** Starts up to `count` workers, each holding a worker slot; resolves with how many started. */
  start: (count: number) => Promise<number>;
  /** A worker whose budget ends with digests left starts one to carry on. */
  continuesPastBudget: boolean;
};

export type WorkerOptions = {
  /** When this worker stops (epoch ms). */
  deadline: number;
  /** The instant due users are enqueued for; each enqueue takes the time it runs at when unset. */
  now?: Date;
  /** How long a claimed batch may go without an answer before another run takes it back. */
  stallMs?: number;
  launcher?: WorkerLauncher;
  /** The worker slot this worker holds, freed when it ends. */
  lease?: WorkerLease;
};

type BatchOutcome = {
  sent: number;
  skipped: number;
  failed: number;
  /** Milliseconds spent waiting for the shared provider rate. */
  waitedMs: number;
  /** The batch could not go out now: its worker's budget left no call slot, or the provider failed. */
  stopped?: "budget" | "provider";
};

async function sendClaimed(
  transport: MailTransport,
  unordered: Claimed[],
  reclaimed: boolean,
  deadline: number,
): Promise<BatchOutcome> {
  // A retried batch is rebuilt in the same order, so its body matches the first attempt's.
  const claimed = [...unordered].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const batchId = claimed[0]?.batchId;
  if (!batchId) return { sent: 0, skipped: 0, failed: 0, waitedMs: 0 };
  const ids = claimed.map((row) => row.id);
  // Chosen once per delivery (a reclaimed batch gets the links chosen the first time), then the new
  // links, which leave out the ones coming back, and the counts, which include them.
  const comingBack = await selectComingBack(ids);
  const [windows, users, progress, feedItems] = await Promise.all([
    linksFor(ids),
    digestRecipients(claimed.map((row) => row.userId)),
    progressFor(ids),
    feedItemsFor(ids),
  ]);
  const usersById = new Map(users.map((user) => [user.id, user]));

  const skipped: string[] = [];
  const toSend: { id: string; linkCount: number; email: OutgoingEmail }[] = [];
  for (const row of claimed) {
    const user = usersById.get(row.userId);
    const window = windows.get(row.id);
    const back = comingBack.get(row.id) ?? { reminders: [], rediscovered: [] };
    const comesBack = back.reminders.length + back.rediscovered.length > 0;
    const feeds = feedItems.get(row.id) ?? [];
    // Nothing new (or all of it read already), no feed item and nothing coming back, or links coming
    // back to a user who wants no digest without new links, or unsubscribed since the row was
    // created: no email. A feed item counts as new (decision 0418).
    const fresh = !!window || feeds.length > 0;
    if (!user || user.emailFrequency === "none" || (!fresh && !(comesBack && user.digestWithoutNewLinks))) {
      skipped.push(row.id);
      continue;
    }
    const counts = progress.get(row.id);
    const email = await composeDigest(user, "scheduled", {
      links: window?.links ?? [],
      total: window?.total ?? 0,
      ...back,
      feeds,
      since: "last-digest",
      progress: counts ? { ...counts, windowStart: row.windowStart, windowEnd: row.windowEnd } : null,
      highlights: await digestHighlightsFor(user, row.windowEnd),
    });
    toSend.push({ id: row.id, linkCount: window?.total ?? 0, email: { ...email, idempotencyKey: row.id } });
  }
  await markSkipped(skipped);
  const outcome: BatchOutcome = { sent: 0, skipped: skipped.length, failed: 0, waitedMs: 0 };
  if (toSend.length === 0) return outcome;

  // Once a call may have gone out (a reclaimed batch, or an error that does not say), the batch keeps its key.
  let keepsKey = reclaimed;
  let retries = 0;
  for (;;) {
    const result = await transport.sendBatch(
      toSend.map((entry) => entry.email),
      batchId,
      { sendBy: deadline - CALL_MARGIN_MS },
    );
    outcome.waitedMs += result.waitedMs ?? 0;
    if (result.ok) {
      await markSent(
        toSend.map((entry, index) => ({
          id: entry.id,
          providerId: result.ids[index] ?? null,
          linkCount: entry.linkCount,
        })),
      );
      // A step of its own, in the background: a book for Kindle never holds up or fails a digest.
      queueDigestBooks(toSend.map((entry) => entry.id));
      return { ...outcome, sent: toSend.length };
    }
    // Rate limited (429): this call sent nothing, and its Retry-After now holds every worker back.
    // Try again in turn, unless the budget leaves no call slot.
    if (result.retryAfterSeconds !== undefined && !result.deferred) continue;
    if (result.deferred) {
      // A batch no call of which can have gone out is handed back; any other keeps its key for later.
      if (!keepsKey) {
        await handBack(toSend.map((entry) => entry.id));
      }
      return { ...outcome, stopped: "budget" };
    }
    if (result.retryable) {
      // The batch may or may not have gone out (a dropped connection, a lost reply): the same call
      // again under its key after a pause, which the provider answers as the first if it went out.
      // Past the retries it stays claimed, and is taken back after the stall time.
      keepsKey = true;
      await noteBatchError(batchId, result.error);
      const pause = RETRY_PAUSES_MS[retries];
      if (pause === undefined || Date.now() + pause > deadline - SAFETY_MS) return { ...outcome, stopped: "provider" };
      retries += 1;
      await sleep(pause);
      outcome.waitedMs += pause;
      continue;
    }
    await markFailed(
      toSend.map((entry) => entry.id),
      result.error,
    );
    logJobError({ job: "digest-dispatch", batchId, error: new Error(result.error) });
    return { ...outcome, failed: toSend.length };
  }
}

/** Starts the workers needed beside this one (see fan-out.ts); resolves with how many started. */
async function fanOut(
  launcher: WorkerLauncher,
  transport: MailTransport,
  {
    handled,
    busyMs,
    remainingMs,
    holdsSlot,
  }: { handled: number; busyMs: number; remainingMs: number; holdsSlot: boolean },
): Promise<number> {
  const perWorker = handled / Math.max(busyMs / 1000, 0.001);
  const remainingSeconds = Math.max(remainingMs / 1000, 0);
  const alone = Math.ceil(perWorker * remainingSeconds);
  const [backlog, busy] = await Promise.all([countBacklog(new Date(), alone + 1), countBusyWorkers()]);
  const count = workersToStart({
    backlog,
    perWorker,
    remainingSeconds,
    providerPerSecond: transport.callsPerSecond ? transport.callsPerSecond * transport.maxBatchSize : Infinity,
    batchSize: transport.maxBatchSize,
    busy,
    cap: env.digestMaxWorkers,
    holdsSlot,
  });
  return count > 0 ? launcher.start(count) : 0;
}

/**
 * One worker: sends batches (enqueueing due users whenever nothing is queued) until nothing is due
 * or its deadline nears. It adds workers when it cannot finish alone, and at its deadline, with
 * digests left, starts a continuation if its launcher does that.
 */
export async function runWorker({
  deadline,
  now,
  stallMs = STALL_MS,
  launcher,
  lease,
}: WorkerOptions): Promise<DispatchResult> {
  const transport = mailTransport();
  const result: DispatchResult = { due: 0, sent: 0, skipped: 0, failed: 0, left: 0, continuations: 0 };
  let busyMs = 0;
  let handled = 0;
  let nextFanOut = 0;
  let nextReclaim = 0;
  let outOfTime = false;
  try {
    for (;;) {
      if (Date.now() >= deadline - SAFETY_MS) {
        outOfTime = true;
        break;
      }
      const started = Date.now();
      let stalled: Claimed[] = [];
      if (started >= nextReclaim) {
        stalled = await reclaimStalledBatch(stallMs);
        // None: a batch stalls over minutes, so look again in a while. One: there may be more.
        if (stalled.length === 0) nextReclaim = started + RECLAIM_EVERY_MS;
      }
      const claimed = stalled.length ? stalled : await claimPending(transport.maxBatchSize);
      if (claimed.length === 0) {
        const enqueued = await enqueueDue(now ?? new Date());
        result.due += enqueued;
        busyMs += Date.now() - started;
        if (enqueued === 0) break;
        continue;
      }
      const outcome = await sendClaimed(transport, claimed, stalled.length > 0, deadline);
      result.sent += outcome.sent;
      result.skipped += outcome.skipped;
      result.failed += outcome.failed;
      handled += outcome.sent + outcome.skipped + outcome.failed;
      busyMs += Date.now() - started - outcome.waitedMs;
      // A batch that could not go out now (no call slot within the budget, a provider error past its
      // retries) ends this worker.
      if (outcome.stopped) {
        outOfTime = outcome.stopped === "budget";
        break;
      }
      if (launcher && Date.now() >= nextFanOut) {
        const remainingMs = deadline - SAFETY_MS - Date.now();
        result.continuations += await fanOut(launcher, transport, { handled, busyMs, remainingMs, holdsSlot: !!lease });
        nextFanOut = Date.now() + FAN_OUT_EVERY_MS;
      }
    }
  } finally {
    if (lease) await releaseWorkerSlot(lease);
  }
  result.left = await countLeft(now ?? new Date());
  // Its slot is free now, so the continuation can take it.
  if (outOfTime && result.left > 0 && launcher?.continuesPastBudget) result.continuations += await launcher.start(1);
  return result;
}

/** One dispatch run, as a cron call or the scheduler starts it: a worker that holds no slot. */
export async function dispatchDigests({
  budgetMs = 50_000,
  ...options
}: Omit<WorkerOptions, "deadline" | "lease"> & { budgetMs?: number } = {}): Promise<DispatchResult> {
  return runWorker({ ...options, deadline: Date.now() + budgetMs });
}
