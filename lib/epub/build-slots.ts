// The books being written at once in this process, bounded: each holds up to its image fetchers'
// images in memory, so the bound caps what books take together (docs/product.md, "E-reader").
// A request waits a little for a slot and is then refused; background work waits as long as it takes.

export type ReleaseSlot = () => void;

export type SlotRequest = {
  /** Whose book: one owner may hold at most `perOwner` slots (null: not counted, background work). */
  owner: string | null;
  /** How long to wait for a free slot; Infinity waits until one frees. */
  waitMs: number;
};

export type SlotResult = { ok: true; release: ReleaseSlot } | { ok: false; reason: "busy" | "owner busy" };

type Waiter = { grant: () => void };

export class BuildSlots {
  private running = 0;
  private readonly byOwner = new Map<string, number>();
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly capacity: number,
    readonly perOwner: number,
  ) {}

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  async acquire({ owner, waitMs }: SlotRequest): Promise<SlotResult> {
    if (owner !== null && (this.byOwner.get(owner) ?? 0) >= this.perOwner) return { ok: false, reason: "owner busy" };
    // Counted while it waits too, so one owner cannot queue past its share.
    if (owner !== null) this.byOwner.set(owner, (this.byOwner.get(owner) ?? 0) + 1);
    if (this.running < this.capacity && this.waiters.length === 0) this.running += 1;
    // A waiter is handed the slot its releaser held, so `running` stays counted across the hand-over.
    else if (!(await this.wait(waitMs))) {
      this.forget(owner);
      return { ok: false, reason: "busy" };
    }
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.forget(owner);
        const next = this.waiters.shift();
        if (next) next.grant();
        else this.running -= 1;
      },
    };
  }

  private wait(waitMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer =
        waitMs === Infinity
          ? undefined
          : setTimeout(() => {
              this.waiters.splice(this.waiters.indexOf(waiter), 1);
              resolve(false);
            }, waitMs);
      this.waiters.push(waiter);
    });
  }

  private forget(owner: string | null): void {
    if (owner === null) return;
    const left = (this.byOwner.get(owner) ?? 1) - 1;
    if (left > 0) this.byOwner.set(owner, left);
    else this.byOwner.delete(owner);
  }
}
