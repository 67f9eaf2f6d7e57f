/**
 * Fixed-window attempt counters, checked before any password hashing (hashing is the
 * cheapest way to exhaust the server). Kept in memory per instance.
 */
export interface Window {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly window: Window,
    private readonly now: () => number,
  ) {}

  /** Counts one attempt for key; answers how long to wait when over the limit. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSec: number } {
    const t = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) {
      if (this.hits.size > 50_000) this.sweep(t);
      this.hits.set(key, { count: 1, resetAt: t + this.window.windowMs });
      return { allowed: true };
    }
    entry.count += 1;
    if (entry.count <= this.window.limit) return { allowed: true };
    return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((entry.resetAt - t) / 1000)) };
  }

  private sweep(t: number): void {
    for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
  }
}
