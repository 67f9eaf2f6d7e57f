/** Kept reads (server/cache/kept.ts): kept until a tag they depend on changes, or for their time at most (KEPT_FOR). */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { positionsOf } from '../../server/cache/event-people';
import { KEPT_FOR, KeptReads, keptReads, lifetime, pageFromWindow, type KeptParts } from '../../server/cache/kept';
import { followKeptReads, tag } from '../../server/cache/tags';
import type { Lifecycle } from '../../server/core/lifecycle';
import { parseEnvelope } from '../../server/realtime/bus';

const KEPT_TTL_MS = KEPT_FOR.read.ms;

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

/** A promise settled from outside, for a read still under way. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (err: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('how long a kept copy lives (KEPT_FOR)', () => {
  it('keeps each kind for its own time', async () => {
    for (const [kind, ms] of [
      ['read', 60_000],
      ['relations', 300_000],
      ['analytics', 2_000],
      ['eventPeople', 30_000],
    ] as const) {
      const kept = new KeptReads();
      const r = counted([]);
      await kept.read('k', 0, r.read, { kind });
      expect(await kept.read('k', ms - 1, r.read, { kind }), kind).toBe(1);
      // A kind served on past its time answers the old copy once more while the next loads.
      await kept.read('k', ms, r.read, { kind });
      await kept.settleReloads();
      expect(await kept.read('k', ms, r.read, { kind }), kind).toBe(2);
      expect(lifetime(kind).ttlMs).toBe(ms);
    }
  });

  it('serves a copy past its time only for kinds that say so, and never past their longest age', () => {
    expect(lifetime('read')).toEqual({ ttlMs: 60_000, maxAgeMs: 60_000 });
    expect(lifetime('eventPeople')).toEqual({ ttlMs: 30_000, maxAgeMs: 90_000 });
  });
});

describe('a read under way', () => {
  it('is shared while none of the tags known before it changed, whatever else changes', async () => {
    const kept = new KeptReads();
    const slow = gate<number>();
    let runs = 0;
    const read = async () => ({ value: runs++ === 0 ? await slow.promise : 99, tags: [] });
    const first = kept.read('k', 0, read, { tags: ['relations:a'] });
    kept.changed(['user:b']);
    const second = kept.read('k', 0, read, { tags: ['relations:a'] });
    slow.open(1);
    expect([await first, await second]).toEqual([1, 1]);
    expect(runs).toBe(1);
    kept.changed(['relations:a']);
    expect(await kept.read('k', 0, read, { tags: ['relations:a'] })).toBe(99);
  });

  it('answers a value read without tags (null) to whoever waits for it, and keeps nothing', async () => {
    const kept = new KeptReads();
    const slow = gate<null>();
    let runs = 0;
    const read = async () => {
      runs++;
      return { value: await slow.promise, tags: null };
    };
    const first = kept.read('k', 0, read, { tags: [] });
    const second = kept.read('k', 0, read, { tags: [] });
    slow.open(null);
    expect([await first, await second]).toEqual([null, null]);
    expect(runs).toBe(1);
    await kept.read('k', 0, read, { tags: [] });
    expect(runs).toBe(2);
  });
});

describe('a kind served past its time (eventPeople)', () => {
  const ttl = lifetime('eventPeople').ttlMs;
  const maxAge = lifetime('eventPeople').maxAgeMs;
  /** A load that answers a new number each time and records the copy it was given. */
  function loads() {
    let n = 0;
    const given: Array<number | undefined> = [];
    const load = async (previous: number | undefined) => {
      given.push(previous);
      return { value: ++n, tags: [] };
    };
    return { load, given, runs: () => n };
  }
  const options = { kind: 'eventPeople', tags: ['event-row:e'] } as const;

  it('serves the old copy while one reload runs, and the new one once it is in', async () => {
    const kept = new KeptReads();
    const l = loads();
    await kept.read('k', 0, l.load, options);
    // Past its time: everyone is answered at once from the old copy; one reload starts.
    expect(await Promise.all([kept.read('k', ttl, l.load, options), kept.read('k', ttl + 1, l.load, options)])).toEqual([1, 1]);
    await kept.settleReloads();
    expect(l.runs()).toBe(2);
    // The reload was given the copy it replaces (to reuse what did not change).
    expect(l.given).toEqual([undefined, 1]);
    expect(await kept.read('k', ttl + 2, l.load, options)).toBe(2);
  });

  it('is not served past its longest age: the caller waits for a new copy', async () => {
    const kept = new KeptReads();
    const l = loads();
    await kept.read('k', 0, l.load, options);
    expect(await kept.read('k', maxAge, l.load, options)).toBe(2);
  });

  it('is dropped at once when a tag it depends on changes, served past its time or not', async () => {
    const kept = new KeptReads();
    const l = loads();
    await kept.read('k', 0, l.load, options);
    kept.changed(['event-row:e']);
    expect(await kept.read('k', 1, l.load, options)).toBe(2);
    expect(await kept.read('k', 1 + ttl, l.load, options)).toBe(2);
    kept.changed(['event-row:e']);
    // The reload under way does not bring back what the change retired.
    expect(await kept.read('k', 2 + ttl, l.load, options)).toBe(4);
    await kept.settleReloads();
    expect(await kept.read('k', 3 + ttl, l.load, options)).toBe(4);
  });

  it('serves the old copy on when a reload fails, and tries again with the next reader', async () => {
    const kept = new KeptReads();
    let fail = true;
    let n = 0;
    const load = async () => {
      if (n > 0 && fail) throw new Error('database away');
      return { value: ++n, tags: [] };
    };
    await kept.read('k', 0, load, options);
    expect(await kept.read('k', ttl, load, options)).toBe(1);
    await kept.settleReloads();
    fail = false;
    expect(await kept.read('k', ttl + 1, load, options)).toBe(1);
    await kept.settleReloads();
    expect(await kept.read('k', ttl + 2, load, options)).toBe(2);
  });
});

describe('a value read again in parts', () => {
  /** A kept set of people; a part is one person, named by a `person:` tag while they are in it. */
  type People = Map<string, number>;
  function people(everyone: Record<string, number>) {
    const version = new Map(Object.entries(everyone));
    const refreshed: string[][] = [];
    let loads = 0;
    const load = async () => {
      loads++;
      return { value: new Map(version) as People, tags: [] };
    };
    const parts: KeptParts<People> = {
      of: (t, value) => {
        const id = t.startsWith('person:') ? t.slice('person:'.length) : null;
        return id !== null && (value === undefined || value.has(id)) ? id : null;
      },
      refresh: async (value, ids) => {
        refreshed.push([...ids].sort());
        const next = new Map(value);
        for (const id of ids) next.set(id, version.get(id)!);
        return next;
      },
    };
    return { version, refreshed, load, parts, loads: () => loads };
  }

  it('reads again only the parts a change names, into a new value, and ignores changes to others', async () => {
    const kept = new KeptReads();
    const p = people({ ann: 1, ben: 1 });
    const options = { tags: ['event-row:e'], parts: p.parts };
    const before = await kept.read('k', 0, p.load, options);
    p.version.set('ann', 2);
    kept.changed(['person:ann', 'person:zoe', 'user:ben']);
    const after = await kept.read('k', 1, p.load, options);
    expect([...after]).toEqual([
      ['ann', 2],
      ['ben', 1],
    ]);
    expect(p.refreshed).toEqual([['ann']]);
    expect(p.loads()).toBe(1);
    // Readers holding the old value keep it as it was.
    expect(before.get('ann')).toBe(1);
    expect(await kept.read('k', 2, p.load, options)).toBe(after);
  });

  it('reads again, once it is in, what changed while it was being read, for whoever asks after the change', async () => {
    const kept = new KeptReads();
    const p = people({ ann: 1, ben: 1 });
    const slow = gate();
    const load = async () => {
      await slow.promise;
      return p.load();
    };
    const options = { tags: ['event-row:e'], parts: p.parts };
    const first = kept.read('k', 0, load, options);
    // Still loading, so it may hold anyone: every person named is read again.
    kept.changed(['person:ann', 'person:cal']);
    const second = kept.read('k', 0, load, options);
    slow.open();
    expect((await first).get('ann')).toBe(1);
    expect(await second).not.toBe(await first);
    expect(p.refreshed).toEqual([['ann', 'cal']]);
    expect(p.loads()).toBe(1);
  });

  it('reads again the parts time alone has changed (dueBy)', async () => {
    const kept = new KeptReads();
    const p = people({ ann: 1 });
    const options = { parts: { ...p.parts, dueBy: (_: People, now: number) => (now >= 100 ? ['ann'] : []) } };
    await kept.read('k', 0, p.load, options);
    await kept.read('k', 99, p.load, options);
    expect(p.refreshed).toEqual([]);
    await kept.read('k', 100, p.load, options);
    expect(p.refreshed).toEqual([['ann']]);
  });

  it('reads into the reloaded copy the changes and patches made while it loaded', async () => {
    const kept = new KeptReads();
    const p = people({ ann: 1, ben: 1 });
    const ttl = lifetime('eventPeople').ttlMs;
    const slow = gate();
    let reloading = false;
    // The reload reads everyone at once, then takes its time.
    const load = async () => {
      const read = p.load();
      if (reloading) await slow.promise;
      return read;
    };
    const options = { kind: 'eventPeople', tags: ['event-row:e'], parts: p.parts } as const;
    await kept.read('k', 0, load, options);
    reloading = true;
    const served = await kept.read('k', ttl, load, options);
    // Meanwhile: ann changes (the reload may have read her before), ben reports a new position.
    p.version.set('ann', 2);
    kept.changed(['person:ann']);
    const position = (v: People) => new Map(v).set('ben', 7);
    expect(kept.patch('k', ttl, position, { underWay: true })).toBe(true);
    slow.open();
    await kept.settleReloads();
    const fresh = await kept.read('k', ttl + 1, load, options);
    expect(fresh).not.toBe(served);
    expect([...fresh]).toEqual([
      ['ann', 2],
      ['ben', 7],
    ]);
    expect(p.refreshed.at(-1)).toEqual(['ann']);
  });

  it('patches a copy still being read once it is in, when asked to (underWay)', async () => {
    const kept = new KeptReads();
    const slow = gate();
    const reading = kept.read(
      'k',
      0,
      async () => {
        await slow.promise;
        return { value: 1, tags: [] };
      },
      { tags: [] },
    );
    expect(kept.patch('k', 0, (n: number) => n + 10)).toBe(false);
    expect(kept.patch('k', 0, (n: number) => n + 100, { underWay: true })).toBe(true);
    slow.open();
    expect(await reading).toBe(101);
  });
});

describe('followKeptReads', () => {
  function following() {
    const db = {};
    const lifecycle = new EventEmitter() as Lifecycle;
    const stop = followKeptReads(db, lifecycle);
    return { kept: keptReads(db), lifecycle, stop };
  }

  it("retires what each of the lifecycle's changes touches, and nothing else, until it stops", async () => {
    const { kept, lifecycle, stop } = following();
    const r = counted([]);
    const relations = () => kept.read('relations:a', 0, r.read, { kind: 'relations', tags: [tag.relations('a'), tag.requests('a')] });
    await relations();
    lifecycle.emit('user.changed', 'a');
    lifecycle.emit('event.changed', 'e');
    expect(await relations()).toBe(1);
    lifecycle.emit('request.changed', 'b', 'a');
    expect(await relations()).toBe(2);
    lifecycle.emit('relation.changed', 'a', 'b');
    expect(await relations()).toBe(3);
    lifecycle.emit('user.sessionsEnded', 'a');
    expect(await relations()).toBe(4);
    lifecycle.emit('kept.changed', [tag.relations('a')]);
    expect(await relations()).toBe(5);
    await stop();
    lifecycle.emit('relation.changed', 'a', 'b');
    expect(await relations()).toBe(5);
  });

  it("reads into an event's copy the people who joined or changed, and reads the copy afresh when the event changes", async () => {
    const { kept, lifecycle } = following();
    let loads = 0;
    const refreshed: string[][] = [];
    const parts: KeptParts<string[]> = {
      of: (t) => (t.startsWith('joined:e:') ? t.slice('joined:e:'.length) : t.startsWith('profile:') ? t.slice('profile:'.length) : null),
      refresh: async (value, ids) => {
        refreshed.push([...ids]);
        return [...value, ...ids];
      },
    };
    const people = () =>
      kept.read('event-people:e', 0, async () => ({ value: [`load ${++loads}`], tags: [] }), { kind: 'eventPeople', tags: [tag.eventRow('e')], parts });
    await people();
    lifecycle.emit('event.joined', 'e', 'ann');
    lifecycle.emit('user.changed', 'ben');
    expect(await people()).toEqual(['load 1', 'ann', 'ben']);
    expect(refreshed).toEqual([['ann', 'ben']]);
    lifecycle.emit('event.changed', 'e');
    expect(await people()).toEqual(['load 2']);
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

describe('position reports from the bus (positionsOf)', () => {
  it('reads the reports as another instance announces them, and drops any that does not read as one', () => {
    const note = { at: 5, fix: { latitude: 52.5, longitude: 13.4, at: 5 }, restricted: false, quietAt: null, quietTold: false };
    const hidden = { ...note, fix: null, quietAt: 4, quietTold: true };
    expect(positionsOf(JSON.stringify([['e', 'a', note], ['e', 'b', hidden]]))).toEqual([['e', 'a', note], ['e', 'b', hidden]]);
    for (const bad of [
      { ...note, at: 'x' },
      { ...note, fix: { latitude: 'a', longitude: 1, at: 1 } },
      { ...note, fix: undefined },
      { ...note, restricted: 1 },
      { ...note, quietAt: '4' },
      null,
    ]) {
      expect(positionsOf(JSON.stringify([['e', 'a', bad], ['e', 'b', note]])), JSON.stringify(bad)).toEqual([['e', 'b', note]]);
    }
    for (const bad of ['nope', 'null', '{}', JSON.stringify([['e', note]]), JSON.stringify([[1, 'a', note]])]) expect(positionsOf(bad)).toEqual([]);
  });
});
