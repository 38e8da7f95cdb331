// How many workers a dispatch worker adds when it cannot send what is due on its own within its
// budget (docs/decisions/0222). Enough that together they keep the provider at its rate, half as
// many again for the time each spends on its own queries and rendering, never more than the batches
// waiting, and never past the cap on slots.

const HEADROOM = 1.5;

export type FanOutInput = {
  /** Digests due or queued now (a count capped a little past what this worker can send alone). */
  backlog: number;
  /** Digests this worker handles per second of its own work (waits for the provider's rate left out). */
  perWorker: number;
  /** Seconds left in this worker's budget. */
  remainingSeconds: number;
  /** Emails per second the provider takes from all workers together; Infinity when calls are not paced. */
  providerPerSecond: number;
  batchSize: number;
  /** Worker slots held now, this worker's included when it holds one. */
  busy: number;
  cap: number;
  /** A continuation or added worker holds a slot; the run a cron call or the scheduler started does not. */
  holdsSlot: boolean;
};

export function workersToStart(input: FanOutInput): number {
  const { backlog, perWorker, remainingSeconds, providerPerSecond, batchSize, busy, cap, holdsSlot } = input;
  if (perWorker <= 0 || backlog <= perWorker * remainingSeconds) return 0;
  const wanted = Number.isFinite(providerPerSecond) ? Math.ceil((providerPerSecond / perWorker) * HEADROOM) : Infinity;
  const wantedInSlots = Math.min(wanted - (holdsSlot ? 0 : 1), cap, Math.ceil(backlog / batchSize));
  return Math.max(0, wantedInSlots - busy);
}
