/**
 * Items gathered for a window and handed on together: the first item opens the window,
 * and a full batch goes at once. Position reports cross the bus this way (server/app.ts):
 * one envelope per report would be, at 70,000 attendees, 7,000 a second that every
 * instance hears (docs/CAPACITY.md 3.3).
 */
export class Batch<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly windowMs: number,
    private readonly max: number,
    private readonly emit: (items: T[]) => void,
  ) {}

  add(item: T): void {
    if (this.items.push(item) >= this.max) return this.flush();
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.windowMs);
      this.timer.unref();
    }
  }

  /** Hands on what waits now (at close, so nothing is left behind). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const items = this.items;
    this.items = [];
    if (items.length) this.emit(items);
  }
}
