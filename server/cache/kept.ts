/**
 * Reads kept in memory until what they were read from changes (issue 15: every read of
 * the attendee app fast for a thousand people at once). A kept read names what it
 * depends on as tags — `user:<id>` (a person's row, relations, memberships, own lists),
 * `event:<id>` (an event and what hangs off it), `group:<id>` (a group chat's messages),
 * and the like — and writes announce the tags they change ('kept.changed', on every
 * instance over the live bus). A change to any of its tags, made before or while it was
 * read, retires a kept read; KEPT_TTL_MS bounds what a lost announcement or a change by
 * time alone (a ban running out) can leave behind.
 *
 * What is kept is per event or per person, never one viewer's finished answer of a
 * shared list: projecting for the viewer happens after the kept read, in memory.
 */
import type { EventEmitter } from 'node:events';
import type { Lifecycle } from '../core/lifecycle';
import type { Db } from '../db/client';
import { ongoingEventsOf } from '../db/repositories/relations';
import { findUserById, type UserRow } from '../db/repositories/users';

export const KEPT_TTL_MS = 60_000;
/** Beyond this many kept reads the oldest are dropped. */
const MAX_ENTRIES = 100_000;
/** Beyond this many remembered tags everything is dropped and kept afresh. */
const MAX_TAGS = 400_000;

export const tag = {
  /** The person's row, relations and memberships (events, communities). */
  user: (id: string) => `user:${id}`,
  /** The person's one-to-one messages. */
  inbox: (id: string) => `inbox:${id}`,
  /** The messages between two people (either order). */
  chat: (a: string, b: string) => (a < b ? `chat:${a}:${b}` : `chat:${b}:${a}`),
  /** The connection requests to and from the person (a request changes nothing else of theirs). */
  requests: (id: string) => `requests:${id}`,
  /** The person's read marks in their conversations. */
  reads: (id: string) => `reads:${id}`,
  /** The person's notifications. */
  notifications: (id: string) => `notifications:${id}`,
  /** An event and what hangs off it: its communities, photos, feed. */
  event: (id: string) => `event:${id}`,
  /** A group chat's messages. */
  group: (id: string) => `group:${id}`,
  /** Who listens to or joined a group chat (issue 18). */
  chatPeople: (id: string) => `chat-people:${id}`,
  /** Some group chat was made (they are made on first use). */
  groupChats: 'group-chats',
  /** The chats the person muted (issue 18). */
  mutes: (id: string) => `mutes:${id}`,
  /** Contact cards offered to or by the person (issue 18). */
  cards: (id: string) => `cards:${id}`,
  /** The person's meetings (issue 19). */
  meetings: (id: string) => `meetings:${id}`,
};

/**
 * A person's own list, kept until they or one of the people it shows change (their row,
 * relations or memberships: `user:` tags): `peopleOf` names those people. `also` adds
 * tags of the list itself (`own`: the writes that change it announce them) and of each item.
 */
export function keptOwnList<T>(
  ctx: { db: object; clock: () => Date },
  key: string,
  ownerId: string,
  read: () => Promise<T[]>,
  peopleOf: (item: T) => string | null,
  also: { own?: readonly string[]; of?: (item: T) => readonly string[] } = {},
): Promise<T[]> {
  return keptReads(ctx.db).read(`${key}:${ownerId}`, ctx.clock().getTime(), async () => {
    const value = await read();
    const tags = [tag.user(ownerId), ...(also.own ?? [])];
    for (const item of value) {
      const id = peopleOf(item);
      if (id) tags.push(tag.user(id));
      if (also.of) tags.push(...also.of(item));
    }
    return { value, tags };
  });
}

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

/** A person's row, kept until it changes ('user.changed' and the like announce every write of it). */
export function keptUserRow(ctx: { db: Db }, id: string, now: Date): Promise<UserRow | null> {
  return keptReads(ctx.db).read(`person:${id}`, now.getTime(), async () => ({ value: await findUserById(ctx.db, id), tags: [tag.user(id)] }));
}

/**
 * Whether both attend an event that is not over and not taken down (issue 16's rule for
 * strangers writing), from each person's kept events: retired when they join one or an
 * event of theirs changes, and by time as events end.
 */
export async function keptShareOngoingEvent(db: Db, a: string, b: string, now: Date): Promise<boolean> {
  const ongoing = (id: string) =>
    keptReads(db).read(`ongoing-events:${id}`, now.getTime(), async () => {
      const value = await ongoingEventsOf(db, id, now);
      return { value, tags: [tag.user(id), ...value.map((e) => tag.event(e.eventId))] };
    });
  const [mine, theirs] = await Promise.all([ongoing(a), ongoing(b)]);
  const t = now.getTime();
  const shared = new Set(mine.filter((e) => e.endTime.getTime() > t).map((e) => e.eventId));
  return theirs.some((e) => e.endTime.getTime() > t && shared.has(e.eventId));
}

/** Tells every instance (through the lifecycle and the live bus) that these tags changed. */
export function announceKept(ctx: { lifecycle: Lifecycle }, tags: string[]): void {
  if (tags.length) ctx.lifecycle.emit('kept.changed', tags);
}

interface Entry {
  /** The change counter when the read began: a tag changed later retires the entry. */
  startedAt: number;
  /** Milliseconds of the app clock when it was read. */
  at: number;
  /** Known once the read is done. */
  tags: readonly string[] | null;
  value: Promise<unknown>;
  /** The value once read (so it can be changed in place). */
  settled?: { value: unknown };
}

export class KeptReads {
  /** Counts every change; each tag remembers the count of its last change. */
  private counter = 0;
  /** Entries begun before this count are retired (the tags were forgotten). */
  private floor = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();

  /** The tags changed: every kept read depending on one is retired. */
  changed(tags: Iterable<string>): void {
    for (const t of tags) this.changedAt.set(t, ++this.counter);
    if (this.changedAt.size > MAX_TAGS) {
      this.changedAt.clear();
      this.entries.clear();
      this.floor = this.counter;
    }
  }

  private fresh(e: Entry, now: number): boolean {
    if (e.startedAt < this.floor || now - e.at >= KEPT_TTL_MS || now < e.at) return false;
    // Still being read: shared only while nothing at all has changed since it began.
    if (!e.tags) return this.counter === e.startedAt;
    for (const t of e.tags) if ((this.changedAt.get(t) ?? 0) > e.startedAt) return false;
    return true;
  }

  /**
   * The kept value of `key`, or `read()` kept under it: `read` answers the value and the
   * tags it depends on. A failed read is not kept.
   */
  read<T>(key: string, now: number, read: () => Promise<{ value: T; tags: readonly string[] }>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit, now)) return hit.value as Promise<T>;
    const entry: Entry = { startedAt: this.counter, at: now, tags: null, value: Promise.resolve() };
    const done = read();
    entry.value = done.then((r) => {
      entry.tags = r.tags;
      entry.settled = { value: r.value };
      return r.value;
    });
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    return entry.value as Promise<T>;
  }

  /**
   * Changes the kept value of `key` in place (a new value: readers holding the old one keep
   * it); false when none is kept, it is still being read or no longer fresh, or `change`
   * answers undefined (it cannot tell the new value from the old).
   */
  patch<T>(key: string, now: number, change: (value: T) => T | undefined): boolean {
    const e = this.entries.get(key);
    if (!e?.settled || !this.fresh(e, now)) return false;
    const value = change(e.settled.value as T);
    if (value === undefined) return false;
    e.settled = { value };
    e.value = Promise.resolve(value);
    return true;
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

/**
 * Keeps the kept reads in step with the app's changes (server/app.ts): the announced
 * tags, and the lifecycle's own changes under the tags they touch. Answers how to stop.
 */
export function followKeptReads(db: object, lifecycle: Lifecycle): () => void {
  const kept = keptReads(db);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each listener takes its event's ids
  const listeners: [string, (...ids: any[]) => void][] = [
    ['kept.changed', (list: string[]) => kept.changed(list)],
    ['user.changed', (id: string) => kept.changed([tag.user(id)])],
    ['user.sessionsEnded', (id: string) => kept.changed([tag.user(id)])],
    ['relation.changed', (a: string, b: string) => kept.changed([tag.user(a), tag.user(b)])],
    ['request.changed', (a: string, b: string) => kept.changed([tag.requests(a), tag.requests(b)])],
    ['event.joined', (eventId: string, userId: string) => kept.changed([tag.event(eventId), tag.user(userId)])],
    ['event.changed', (eventId: string) => kept.changed([tag.event(eventId)])],
  ];
  const emitter = lifecycle as EventEmitter;
  for (const [name, listener] of listeners) emitter.on(name, listener);
  return () => {
    for (const [name, listener] of listeners) emitter.off(name, listener);
  };
}
