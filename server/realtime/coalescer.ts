/**
 * At most one per window and key: the first at once, then the latest of the rest when
 * the window ends. The hub uses one on each side of the bus for location updates: before
 * publishing, so one instance sends at most one per event and window; and before
 * delivering, so that N instances publishing for the same event still reach each socket
 * at most once per window (without it, every instance's own window doubled the
 * refreshes each phone makes behind a proxy).
 */
export class Coalescer<T> {
  private readonly last = new Map<string, number>();
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; value: T }>();
  private closed = false;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly emit: (key: string, value: T) => Promise<void> | void,
  ) {}

  async offer(key: string, value: T): Promise<void> {
    if (this.closed) return;
    const pending = this.pending.get(key);
    if (pending) {
      pending.value = value;
      return;
    }
    const t = this.now();
    const last = this.last.get(key);
    if (last === undefined || t - last >= this.windowMs) {
      this.last.set(key, t);
      await this.emit(key, value);
      return;
    }
    const timer = setTimeout(() => void this.release(key), Math.max(0, this.windowMs - (t - last)));
    timer.unref();
    this.pending.set(key, { timer, value });
  }

  /** Emits what waits for `key` now. */
  async release(key: string): Promise<void> {
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(key);
    this.last.set(key, this.now());
    await this.emit(key, pending.value);
  }

  /** Emits everything waiting now (tests; shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((key) => this.release(key)));
  }

  /** Forgets keys quiet for a whole window, so the map holds only recent ones. */
  sweep(): void {
    const horizon = this.now() - this.windowMs;
    for (const [key, at] of this.last) if (at < horizon && !this.pending.has(key)) this.last.delete(key);
  }

  close(): void {
    this.closed = true;
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
