/**
 * Reads kept in memory until what they were read from changes (issue 15: every read of
 * the attendee app fast for a thousand people at once): the one cache of the server. A
 * kept read names what it depends on as tags — `user:<id>` (a person's row, relations,
 * memberships, own lists), `event:<id>` (an event and what hangs off it), `group:<id>`
 * (a group chat's messages), and the like (tags.ts) — and writes announce the tags they
 * change, on every instance over the live bus. A change to any of its tags, made before
 * or while it was read, retires a kept read; KEPT_FOR bounds, by kind, what a lost
 * announcement or a change by time alone (a ban running out) can leave behind.
 *
 * A large value can instead be read again in parts (`KeptParts`: an event's people, one
 * person at a time), served on past its time while one reload runs (`servedStaleFor`),
 * and changed in place (`patch`). What is kept is per event or per person, never one
 * viewer's finished answer of a shared list: projecting for the viewer happens after the
 * kept read, in memory.
 */
interface Lifetime {
  /** How long a kept copy is used (ms). */
  ms: number;
  /**
   * Past that, the copy is served on while one newer copy loads, until this many times
   * `ms` have passed: requests do not queue behind a reload, and a copy that cannot be
   * reloaded (the database is away) is not served for ever.
   */
  servedStaleFor?: number;
}

/**
 * How long kept copies live, by what they hold: the one place these bounds are set.
 * Every change made through the app retires what depended on it at once, on every
 * instance, so these only bound what a lost announcement, a change made outside the app
 * or a change by time alone can leave behind.
 */
export const KEPT_FOR = {
  /** Most kept reads. */
  read: { ms: 60_000 },
  /**
   * Each person's relations. Nearby people reads everyone's (their connection_status),
   * and at a minute a thousand attendees' relations were read again every minute for
   * nothing: a tenth of the server's time on event day.
   */
  relations: { ms: 5 * 60_000 },
  /**
   * An event's analytics: they count the last two hours by the clock, and what other
   * instances store that they count (a message, a connection, a photo) is not announced,
   * since a bus message for every message at the event costs more than two seconds' delay.
   */
  analytics: { ms: 2_000 },
  /**
   * An event's people, the hottest read (DESIGN 9). A full load holds the thread for tens
   * of milliseconds at a thousand attendees (all of it on PGlite, whose queries run on it)
   * and some hundreds at ten thousand, so it is kept rare. Several instances hear each
   * other's changes and position reports over the live bus, and read everything again when
   * the bus may have lost some (redis-bus.ts), so this bounds only a change made outside the
   * app (at 5 s on PostgreSQL, each instance's reloads held its loop for 200 ms every 5 s at
   * 10,000 attendees: issue 44). Served on while the next copy loads.
   */
  eventPeople: { ms: 30_000, servedStaleFor: 3 },
} satisfies Record<string, Lifetime>;

export type KeptKind = keyof typeof KEPT_FOR;

/** How long a copy of this kind is used, and the age after which it is never served. */
export function lifetime(kind: KeptKind): { ttlMs: number; maxAgeMs: number } {
  const l: Lifetime = KEPT_FOR[kind];
  return { ttlMs: l.ms, maxAgeMs: l.ms * (l.servedStaleFor ?? 1) };
}

/** Beyond this many kept reads the oldest are dropped. */
const MAX_ENTRIES = 100_000;
/** Beyond this many remembered tags everything is dropped and kept afresh. */
const MAX_TAGS = 400_000;

/**
 * The first `limit` rows one viewer may see, from a kept window of a shared list's newest
 * rows (`full`: the window was cut off, so the list may hold more); null when the window
 * holds too few the viewer may see, and the page must be read for them alone.
 */
export function pageFromWindow<R>(rows: readonly R[], full: boolean, visible: (row: R) => boolean, limit: number): R[] | null {
  const page: R[] = [];
  for (const r of rows) {
    if (page.length >= limit) break;
    if (visible(r)) page.push(r);
  }
  return page.length < limit && full ? null : page;
}

/** Rows a kept window holds beyond the largest page, so viewers who blocked a few people are still served from it. */
export const WINDOW_SPARE = 50;

/**
 * What a read answers: the value and the tags it depends on. Tags null: the value is
 * answered to whoever waits for it but not kept (an event not made yet may be a moment later).
 */
export interface Loaded<T> {
  value: T;
  tags: readonly string[] | null;
}

/** A value read again in parts: only the parts a change touched, not the whole (an event's people, person by person). */
export interface KeptParts<T> {
  /**
   * The part of `value` a changed tag stands for, or null; `value` is undefined while it is
   * being read (it may hold anyone then). Kept with the copy, so it may not depend on the call.
   */
  of(tag: string, value: T | undefined): string | null;
  /** The parts time alone has changed by `now` (a ban or a break running out). */
  dueBy?(value: T, now: number): Iterable<string>;
  /** `value` with these parts read again: a new value, so readers holding the old one keep it. */
  refresh(value: T, parts: ReadonlySet<string>): Promise<T>;
}

export interface KeptOptions<T> {
  /** How long it is kept (KEPT_FOR); `read` when not said. */
  kind?: KeptKind;
  /**
   * Tags known before reading: a read under way is shared as long as none of them
   * changed. Without them it is shared only while nothing at all has changed.
   */
  tags?: readonly string[];
  parts?: KeptParts<T>;
}

interface Entry {
  /** The change counter when the read began: a tag changed later retires the entry. */
  startedAt: number;
  /** Milliseconds of the app clock when it was read. */
  at: number;
  /** How long it is used, and the age after which it is never served (KEPT_FOR). */
  ttl: number;
  maxAge: number;
  /** Tags known before reading (a reload starts from them again). */
  known?: readonly string[];
  /** Every tag it depends on, once read; before that the known ones, or null. */
  tags: readonly string[] | null;
  value: Promise<unknown>;
  /** The value once read (so it can be changed in place). */
  settled?: { value: unknown };
  /** Read, but not to be kept (it answered no tags). */
  notKept?: boolean;
  partOf?: KeptParts<unknown>['of'];
  /** Parts changed since it was read: read again before its next use. */
  stale?: Set<string>;
  /** Changes to make once it is read: it may have read what they change before they were made. */
  patches?: Array<(value: unknown) => unknown>;
  /** A newer copy loading while this one is served past its time. */
  next?: Entry;
}

export class KeptReads {
  /** Counts every change; each tag remembers the count of its last change. */
  private counter = 0;
  /** Entries begun before this count are retired (the tags were forgotten). */
  private floor = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();
  /** Keys of entries read again in parts: a change is offered to each of them. */
  private readonly inParts = new Set<string>();
  /** Newer copies loading in the background. */
  private readonly reloads = new Set<Promise<void>>();
  /** When copies past their age were last let go. */
  private sweptAt = 0;

  /** The tags changed: every kept read depending on one is retired, or the parts they stand for read again. */
  changed(tags: readonly string[]): void {
    for (const t of tags) this.changedAt.set(t, ++this.counter);
    for (const key of this.inParts) {
      const e = this.entries.get(key);
      if (!e?.partOf) {
        this.inParts.delete(key);
        continue;
      }
      for (const t of tags) {
        const part = e.partOf(t, e.settled?.value);
        if (part !== null) (e.stale ??= new Set()).add(part);
        // The newer copy may have read anyone before the change, not only those of this one.
        const inNext = e.next && e.partOf(t, undefined);
        if (inNext) (e.next!.stale ??= new Set()).add(inNext);
      }
    }
    if (this.changedAt.size > MAX_TAGS) this.clear();
  }

  private usable(e: Entry, now: number): boolean {
    const age = now - e.at;
    if (e.startedAt < this.floor || age >= e.maxAge || age < 0) return false;
    if (!e.tags) return this.counter === e.startedAt;
    for (const t of e.tags) if ((this.changedAt.get(t) ?? 0) > e.startedAt) return false;
    return true;
  }

  /**
   * The kept value of `key`, or `load()` kept under it: `load` answers the value and the
   * tags it depends on, and is given the copy it replaces, if any (a reload may reuse what
   * did not change). A failed read is not kept. Concurrent callers share one read.
   */
  read<T>(key: string, now: number, load: (previous: T | undefined) => Promise<Loaded<T>>, options: KeptOptions<T> = {}): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.usable(hit, now)) {
      // Parts changed while it was being read: once it is in, they are read again.
      if (!hit.settled) return (hit.stale ? hit.value.then(() => this.read(key, now, load, options)) : hit.value) as Promise<T>;
      if (now - hit.at >= hit.ttl) this.reload(key, hit, now, load);
      const parts = options.parts;
      if (!parts) return hit.value as Promise<T>;
      if (parts.dueBy) {
        for (const id of parts.dueBy(hit.settled.value as T, now)) {
          (hit.stale ??= new Set()).add(id);
          if (hit.next) (hit.next.stale ??= new Set()).add(id);
        }
      }
      return (hit.stale ? this.refresh(key, hit, parts) : hit.value) as Promise<T>;
    }
    this.sweep(now);
    const { ttlMs, maxAgeMs } = lifetime(options.kind ?? 'read');
    const entry: Entry = {
      startedAt: this.counter,
      at: now,
      ttl: ttlMs,
      maxAge: maxAgeMs,
      known: options.tags,
      tags: options.tags ?? null,
      value: Promise.resolve(),
      partOf: options.parts?.of as Entry['partOf'],
    };
    entry.value = this.settle(key, entry, load(hit?.settled?.value as T | undefined));
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    if (entry.partOf) this.inParts.add(key);
    return entry.value as Promise<T>;
  }

  /** Takes in what `loading` answers, with the changes made meanwhile; a copy not kept, or failed, is dropped. */
  private settle<T>(key: string, entry: Entry, loading: Promise<Loaded<T>>): Promise<T> {
    const value = loading.then((r) => {
      let v: unknown = r.value;
      let keep = r.tags !== null;
      for (const change of entry.patches ?? []) {
        const changed = keep ? change(v) : undefined;
        if (changed === undefined) keep = false;
        else v = changed;
      }
      entry.patches = undefined;
      if (!keep) entry.notKept = true;
      else if (r.tags!.length) entry.tags = entry.tags ? entry.tags.concat(r.tags!) : r.tags;
      else entry.tags ??= [];
      entry.settled = { value: v };
      if (!keep && this.entries.get(key) === entry) this.entries.delete(key);
      return v as T;
    });
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** The copy with its changed parts read again, in its place. */
  private refresh<T>(key: string, hit: Entry, parts: KeptParts<T>): Promise<T> {
    const ids = hit.stale!;
    const entry: Entry = { ...hit, stale: undefined, settled: undefined, patches: undefined };
    entry.value = this.settle(key, entry, parts.refresh(hit.settled!.value as T, ids).then((value) => ({ value, tags: [] })));
    this.entries.set(key, entry);
    return entry.value as Promise<T>;
  }

  /** Loads a newer copy while `hit` is served past its time; it takes its place when it arrives. */
  private reload<T>(key: string, hit: Entry, now: number, load: (previous: T | undefined) => Promise<Loaded<T>>): void {
    if (hit.next) return;
    const next: Entry = {
      ...hit,
      startedAt: this.counter,
      at: now,
      tags: hit.known ?? null,
      settled: undefined,
      stale: undefined,
      patches: undefined,
      next: undefined,
    };
    hit.next = next;
    next.value = this.settle(key, next, load(hit.settled!.value as T));
    const done = next.value.then(
      () => {
        const current = this.entries.get(key);
        if (current?.next !== next) return; // forgotten or read afresh meanwhile
        this.entries.delete(key);
        if (!next.notKept) this.entries.set(key, next);
      },
      () => {
        // Tried again by the next reader; the copy it was to replace is served a little longer.
        const current = this.entries.get(key);
        if (current?.next === next) current.next = undefined;
      },
    );
    this.reloads.add(done);
    void done.finally(() => this.reloads.delete(done));
  }

  /** Once a minute, the copies past their age are let go (a large one is not left to the count). */
  private sweep(now: number): void {
    if (now - this.sweptAt < KEPT_FOR.read.ms && now >= this.sweptAt) return;
    this.sweptAt = now;
    for (const [key, e] of this.entries) if (now - e.at >= e.maxAge || now < e.at) this.entries.delete(key);
  }

  /**
   * Changes the kept value of `key` in place (a new value, or the same one changed);
   * false when none is kept or it is no longer fresh, or `change` answers undefined (it
   * cannot tell the new value from the old). A copy still being read is left alone
   * (the caller announces the change instead), unless `underWay`: then the change is made
   * to it, and to a newer copy loading, once they arrive, for changes that may be made twice.
   */
  patch<T>(key: string, now: number, change: (value: T) => T | undefined, options: { underWay?: boolean } = {}): boolean {
    const e = this.entries.get(key);
    if (!e || !this.usable(e, now)) return false;
    const later = change as (value: unknown) => unknown;
    if (options.underWay && e.next) (e.next.patches ??= []).push(later);
    if (!e.settled) {
      if (!options.underWay) return false;
      (e.patches ??= []).push(later);
      return true;
    }
    const value = change(e.settled.value as T);
    if (value === undefined) return false;
    e.settled = { value };
    e.value = Promise.resolve(value);
    return true;
  }

  /** Waits for the newer copies loading in the background (shutdown, tests). */
  async settleReloads(): Promise<void> {
    while (this.reloads.size) await Promise.all(this.reloads);
  }

  clear(): void {
    this.entries.clear();
    this.changedAt.clear();
    this.floor = this.counter;
  }
}

/** One set of kept reads per database (tests build many apps, each on its own database). */
const perDb = new WeakMap<object, KeptReads>();
export function keptReads(db: object): KeptReads {
  let k = perDb.get(db);
  if (!k) perDb.set(db, (k = new KeptReads()));
  return k;
}

