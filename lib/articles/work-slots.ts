// The bounds of one process's page work (decision 0301): at most `concurrency` pages at once, and at
// most `maxBytes` of fetched HTML held at once. A fetch reserves the most a page may be before it
// starts; once the page is in, the reservation shrinks to its real size, so small pages leave room
// for another. Pure: the runner asks before each claim.

export type WorkSlotLimits = { concurrency: number; maxBytes: number };

export type Reservation = {
  /** The page turned out this big: the rest of the reservation is freed. */
  shrink: (bytes: number) => void;
  /** The job ended: everything it held is freed. Idempotent. */
  release: () => void;
};

export class WorkSlots {
  private running = 0;
  private held = 0;

  constructor(private readonly limits: WorkSlotLimits) {}

  /** Whether a job that may hold `bytes` can start now. */
  canStart(bytes: number): boolean {
    return this.running < this.limits.concurrency && this.held + bytes <= this.limits.maxBytes;
  }

  /** Takes a slot and `bytes`; the caller asked `canStart` first. */
  reserve(bytes: number): Reservation {
    if (!this.canStart(bytes)) throw new Error("no free work slot");
    this.running += 1;
    this.held += bytes;
    let current = bytes;
    let released = false;
    return {
      shrink: (actual) => {
        if (released || actual >= current) return;
        this.held -= current - actual;
        current = actual;
      },
      release: () => {
        if (released) return;
        released = true;
        this.running -= 1;
        this.held -= current;
      },
    };
  }

  get usage(): { running: number; heldBytes: number } {
    return { running: this.running, heldBytes: this.held };
  }
}
