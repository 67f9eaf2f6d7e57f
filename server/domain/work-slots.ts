/**
 * Lets a few jobs of one kind run at once and a few more wait; beyond that it refuses at
 * once with the error its owner chose, so a burst of expensive work (image decoding,
 * password hashing) cannot take all memory and CPU and starve every other call
 * (DESIGN 4: a limit answers, it never hangs or crashes).
 */
export class WorkSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private places = 0;

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
   * Runs a caller's whole task (a login: its database lookup, then its hash) holding a
   * place from the start, or refuses at once: in a burst of hundreds, those past the cap
   * are refused at the door, before any of them has looked anything up, not one by one
   * as each reaches the queue (issue 40 item 9). No more places than the slots and the
   * queue hold.
   */
  async admitted<T>(task: () => Promise<T>): Promise<T> {
    this.refuseWhenFull();
    this.places++;
    try {
      return await task();
    } finally {
      this.places--;
    }
  }

  /**
   * Refuses at once when a job asked for now would be refused, or every place is kept: a
   * route checks this before it reads a body, so a storm past the cap costs each request
   * next to nothing and never queues up ahead of other calls.
   */
  refuseWhenFull(): void {
    const queueFull = this.running >= this.atOnce && this.waiting.length >= this.maxWaiting;
    if (queueFull || this.places >= this.atOnce + this.maxWaiting) throw this.refusal();
  }

  get busy(): { running: number; waiting: number; admitted: number } {
    return { running: this.running, waiting: this.waiting.length, admitted: this.places };
  }
}
