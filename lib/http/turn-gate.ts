// Turns at some work, for one process: at most `atOnce` hold one at a time, the rest wait theirs in
// order, at most `waitingAtMost` of them (past that, none is given). The Mailgun webhook's unsigned
// bodies take turns at being read (decision 0350), and each user's API requests at running
// (decision 0363). Pure: the caller works once it holds a turn and gives it back when done.

export class TurnGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly atOnce: number,
    private readonly waitingAtMost: number,
  ) {}

  /** A turn (call it to give it back; twice is once), or null when too many wait already. */
  async enter(): Promise<(() => void) | null> {
    if (this.running < this.atOnce) {
      this.running += 1;
      return this.turn();
    }
    if (this.waiting.length >= this.waitingAtMost) return null;
    // A turn given back passes straight to the first waiting: `running` stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.turn();
  }

  get usage(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private turn(): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }
}
