/** Kept reads (server/cache/kept.ts): kept until a tag they depend on changes, or for KEPT_TTL_MS at most. */
import { describe, expect, it } from 'vitest';
import { KEPT_TTL_MS, KeptReads, pageFromWindow } from '../../server/cache/kept';
import { parseEnvelope } from '../../server/realtime/bus';

/** A read that counts how often it ran and answers its tags. */
function counted(tags: string[]) {
  let runs = 0;
  const read = async () => ({ value: ++runs, tags });
  return { read, runs: () => runs };
}

describe('KeptReads', () => {
  it('keeps a read until one of its tags changes, and only then', async () => {
    const kept = new KeptReads();
    const r = counted(['user:a', 'group:g']);
    expect(await kept.read('k', 0, r.read)).toBe(1);
    expect(await kept.read('k', 10, r.read)).toBe(1);
    kept.changed(['user:b']);
    expect(await kept.read('k', 20, r.read)).toBe(1);
    kept.changed(['group:g']);
    expect(await kept.read('k', 30, r.read)).toBe(2);
    expect(r.runs()).toBe(2);
  });

  it('does not keep what changed while it was being read', async () => {
    const kept = new KeptReads();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = kept.read('k', 0, async () => {
      await gate;
      return { value: 'old', tags: ['user:a'] };
    });
    // A change lands while the first read is still under way: later readers do not share it.
    kept.changed(['user:a']);
    const fresh = kept.read('k', 0, async () => ({ value: 'new', tags: ['user:a'] }));
    release();
    expect(await slow).toBe('old');
    expect(await fresh).toBe('new');
    expect(await kept.read('k', 0, async () => ({ value: 'third', tags: ['user:a'] }))).toBe('new');
  });

  it('reads again after KEPT_TTL_MS, or when the clock goes back', async () => {
    const kept = new KeptReads();
    const r = counted([]);
    await kept.read('k', 1_000, r.read);
    expect(await kept.read('k', 1_000 + KEPT_TTL_MS - 1, r.read)).toBe(1);
    expect(await kept.read('k', 1_000 + KEPT_TTL_MS, r.read)).toBe(2);
    expect(await kept.read('k', 0, r.read)).toBe(3);
  });

  it('changes a finished, fresh kept value in place, and nothing else', async () => {
    const kept = new KeptReads();
    const double = (n: number) => n * 2;
    expect(kept.patch('k', 0, double)).toBe(false);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reading = kept.read('k', 0, async () => {
      await gate;
      return { value: 1, tags: ['user:a'] };
    });
    // Still being read: not changed (the caller announces the change instead).
    expect(kept.patch('k', 0, double)).toBe(false);
    release();
    expect(await reading).toBe(1);
    expect(kept.patch('k', 10, double)).toBe(true);
    const r = counted(['user:a']);
    expect(await kept.read('k', 20, r.read)).toBe(2);
    expect(r.runs()).toBe(0);
    kept.changed(['user:a']);
    expect(kept.patch('k', 30, double)).toBe(false);
    expect(await kept.read('k', 30, r.read)).toBe(1);
    expect(kept.patch('k', 30 + KEPT_TTL_MS, double)).toBe(false);
  });

  it('keeps no failed read, and clear() retires everything', async () => {
    const kept = new KeptReads();
    await expect(kept.read('k', 0, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const r = counted(['user:a']);
    expect(await kept.read('k', 0, r.read)).toBe(1);
    kept.clear();
    expect(await kept.read('k', 0, r.read)).toBe(2);
  });
});

describe('pageFromWindow', () => {
  const even = (n: number) => n % 2 === 0;
  it('answers the first rows a viewer may see while the window holds enough of them', () => {
    expect(pageFromWindow([1, 2, 3, 4, 5, 6], true, even, 2)).toEqual([2, 4]);
    // The whole list fits in the window: a short page is the whole answer.
    expect(pageFromWindow([1, 2, 3], false, even, 5)).toEqual([2]);
  });
  it('answers null when a cut-off window holds too few for the viewer', () => {
    expect(pageFromWindow([1, 2, 3], true, even, 2)).toBeNull();
  });
});

describe("the bus's 'kept' change", () => {
  it('carries one or more tags and nothing else', () => {
    const wire = (change: object) => JSON.stringify({ t: 'changed', from: 'i1', change });
    expect(parseEnvelope(wire({ kind: 'kept', ids: ['user:a', 'group:g'] }))).toEqual({
      t: 'changed',
      from: 'i1',
      change: { kind: 'kept', ids: ['user:a', 'group:g'] },
    });
    expect(parseEnvelope(wire({ kind: 'kept', ids: [] }))).toBeNull();
    expect(parseEnvelope(wire({ kind: 'kept', ids: [1] }))).toBeNull();
  });
});
