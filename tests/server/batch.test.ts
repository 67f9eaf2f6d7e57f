/** Batch (server/realtime/batch.ts): what position reports cross the bus in. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Batch } from '../../server/realtime/batch';

afterEach(() => {
  vi.useRealTimers();
});

describe('a batch', () => {
  it('hands on what came in one window together, the window opened by the first item', () => {
    vi.useFakeTimers();
    const out: number[][] = [];
    const batch = new Batch<number>(250, 100, (items) => out.push(items));
    batch.add(1);
    vi.advanceTimersByTime(200);
    batch.add(2);
    expect(out).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(out).toEqual([[1, 2]]);
    // Nothing more until the next item, which opens a window of its own.
    vi.advanceTimersByTime(1_000);
    batch.add(3);
    vi.advanceTimersByTime(249);
    expect(out).toEqual([[1, 2]]);
    vi.advanceTimersByTime(1);
    expect(out).toEqual([[1, 2], [3]]);
  });

  it('hands on a full batch at once, and what waits when flushed', () => {
    vi.useFakeTimers();
    const out: number[][] = [];
    const batch = new Batch<number>(250, 3, (items) => out.push(items));
    for (const n of [1, 2, 3, 4]) batch.add(n);
    expect(out).toEqual([[1, 2, 3]]);
    batch.flush();
    expect(out).toEqual([[1, 2, 3], [4]]);
    batch.flush();
    vi.advanceTimersByTime(1_000);
    expect(out).toHaveLength(2);
  });
});
