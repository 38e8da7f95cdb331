// How many requests one process reads at once, when what they send is not yet known to be anyone's
// (decision 0350): the Mailgun webhook's body is read whole before its signature can be checked, so
// at most `atOnce` bodies are read at a time and the rest wait their turn, at most `waitingAtMost` of
// them. Pure: the caller reads once it holds a turn and gives it back when done.

export class ReadGate {
  private reading = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly atOnce: number,
    private readonly waitingAtMost: number,
  ) {}

  /** A turn (call it to give it back; twice is once), or null when too many wait already. */
  async enter(): Promise<(() => void) | null> {
    if (this.reading < this.atOnce) {
      this.reading += 1;
      return this.turn();
    }
    if (this.waiting.length >= this.waitingAtMost) return null;
    // A turn given back passes straight to the first waiting: `reading` stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.turn();
  }

  get usage(): { reading: number; waiting: number } {
    return { reading: this.reading, waiting: this.waiting.length };
  }

  private turn(): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.reading -= 1;
    };
  }
}
