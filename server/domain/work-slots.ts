/**
 * Lets a few jobs of one kind run at once and a few more wait; beyond that it refuses at
 * once with the error its owner chose, so a burst of expensive work (image decoding,
 * password hashing) cannot take all memory and CPU and starve every other call
 * (DESIGN 4: a limit answers, it never hangs or crashes).
 */
export class WorkSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly atOnce: number,
    private readonly maxWaiting: number,
    private readonly refusal: () => Error,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.atOnce) {
      this.running++;
    } else if (this.waiting.length < this.maxWaiting) {
      // A finished job hands its slot straight to this one, so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw this.refusal();
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /**
   * Refuses at once when a job asked for now would be refused: a caller checks this before
   * any work of its own (a login before its database lookup), so a storm past the cap
   * costs each request next to nothing and never queues up ahead of other calls.
   */
  refuseWhenFull(): void {
    if (this.running >= this.atOnce && this.waiting.length >= this.maxWaiting) throw this.refusal();
  }

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
