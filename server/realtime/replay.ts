/**
 * Nothing missed across a reconnect (issue 44 item 4, DESIGN 6). Every message to named
 * users (a 'users' envelope: chats, notifications, requests, meetings, group chats' people)
 * gets, for each of them, `seq`: a number that increases per person, and is kept in that
 * person's log for a while. A socket opened with `?after={seq}`, on any instance, first
 * receives what the log keeps after it, in order and once, then the live ones; past what is
 * kept it receives `{"type":"resync"}` and the app reads its lists again. Every socket, with
 * `?after=` or without, is then told `{"type":"caught_up","seq":N}`: the person's last seq,
 * after which every message to them comes on this socket; the app keeps it as the last seq
 * it saw, so a socket that heard nothing else can still reconnect with `?after=` (a person
 * with no log yet gets one, begun at a seq from the clock, so that N names a place in it).
 *
 * An event's room (messages addressed to an event's joined sockets: its chat, its photos,
 * location refreshes) is not per person: nobody's log holds it, it carries no `seq`, and
 * after any reconnect the app reads the room it shows again. Location updates are
 * ephemeral anyway; the room's messages go to thousands at once, framed once for all
 * (issue 15), where a log would make them thousands of appends.
 *
 * One process (no REDIS_URL) keeps the logs in memory (MemoryReplay): it holds every
 * socket, and a restart drops them all, which a client hears as `resync`. Several
 * instances keep them in Redis Streams, one capped stream per person (redis-bus.ts).
 */
import type { Envelope } from './bus';

/** A person's log keeps at most this many messages… */
export const KEEP_MESSAGES = 1_000;
/** …none older than this: at least the last 10 minutes, or the last 1,000 when more came. */
export const KEEP_MS = 10 * 60_000;

/**
 * A kept message: its seq, the seq before it in the person's log (0: none), when it came
 * (ms) and the message without its seq; without `data`, where the log began for a socket
 * told `caught_up` before any message (Replay.open): nothing to replay, only a seq to name.
 */
export interface KeptEntry {
  seq: number;
  prev: number;
  at: number;
  data?: string;
}

/** What a socket opened with `?after=` receives first: the kept messages after it, oldest first, or a resync. */
export type Replayed = { resync: true } | { resync: false; entries: KeptEntry[] };

/** What a socket opening is told: the person's last seq, and with `after`, what is kept after it (or a resync). */
export interface Opened {
  last: number;
  replayed?: Replayed;
}

export interface Replay {
  /**
   * Gives each user the message's next seq, keeps it in their log and publishes the
   * 'users' envelope carrying the seqs, as one step: every instance hears a person's
   * messages in the order of their seqs.
   */
  send(ids: readonly string[], data: string, now: number): Promise<void>;
  /**
   * For a socket of `userId` opening: the last seq given to them, and with `after`, what
   * their log keeps after it (or a resync when some of it is no longer kept), read at
   * once. A person without a log gets one, begun at the seq they would get next (an entry
   * without data), so that a socket told it can reconnect `?after=` it: their first
   * message names it as the one before, and a log lost since (a restart, a quiet day)
   * shows as a resync.
   */
  open(userId: string, after: number | undefined, now: number): Promise<Opened>;
}

/**
 * The next seq of a person whose last was `last`: one more, and never less than the clock
 * in milliseconds, so seqs keep increasing even after a quiet person's log was dropped
 * (a log lives a day past its last message in Redis; until a restart in memory).
 */
export const nextSeq = (last: number, now: number): number => Math.max(last + 1, Math.floor(now));

/** The message as the person receives it: `data` (a JSON object) with its `seq` added. */
export const withSeq = (data: string, seq: number): string => `${data.slice(0, -1)},"seq":${seq}}`;

/**
 * The replay rule, over a person's kept entries after `after` (oldest first) and the last
 * seq given to them (0 when their log is gone): nothing when the socket saw the last one;
 * a resync when it claims one never given, or when the first entry kept after it does not
 * name `after` as the one before it (those between were trimmed or are older than
 * KEEP_MS; or the log was dropped and began again, its first entry naming 0); else those
 * kept.
 */
export function replayRule(after: number, last: number, entries: readonly KeptEntry[], now: number): Replayed {
  if (after === last) return { resync: false, entries: [] };
  if (after > last) return { resync: true };
  const horizon = now - KEEP_MS;
  const kept = entries.filter((e) => e.seq > after && e.at >= horizon);
  if (kept.length === 0 || kept[0]!.prev !== after) return { resync: true };
  return { resync: false, entries: kept };
}

interface Log {
  last: number;
  entries: KeptEntry[];
}

/** The logs of one process, for the in-process bus: the same rule and limits as Redis. */
export class MemoryReplay implements Replay {
  private readonly logs = new Map<string, Log>();

  constructor(private readonly publish: (envelope: Envelope) => Promise<void>) {}

  async send(ids: readonly string[], data: string, now: number): Promise<void> {
    const seqs = ids.map((id) => {
      let log = this.logs.get(id);
      if (!log) {
        log = { last: 0, entries: [] };
        this.logs.set(id, log);
      }
      const seq = nextSeq(log.last, now);
      log.entries.push({ seq, prev: log.last, at: now, data });
      log.last = seq;
      if (log.entries.length > KEEP_MESSAGES) log.entries.shift();
      return seq;
    });
    await this.publish({ t: 'users', ids: [...ids], seqs, data });
  }

  async open(userId: string, after: number | undefined, now: number): Promise<Opened> {
    let log = this.logs.get(userId);
    if (!log) {
      const seq = nextSeq(0, now);
      log = { last: seq, entries: [{ seq, prev: 0, at: now }] };
      this.logs.set(userId, log);
    }
    return { last: log.last, ...(after === undefined ? {} : { replayed: replayRule(after, log.last, log.entries, now) }) };
  }

  /** Drops what is older than KEEP_MS, and the logs of people quiet for a day (the heartbeat calls it). */
  sweep(now: number): void {
    const horizon = now - KEEP_MS;
    for (const [id, log] of this.logs) {
      const firstKept = log.entries.findIndex((e) => e.at >= horizon);
      if (firstKept === -1) log.entries.length = 0;
      else if (firstKept > 0) log.entries.splice(0, firstKept);
      if (log.entries.length === 0 && log.last < now - QUIET_LOG_MS) this.logs.delete(id);
    }
  }
}

/** A person's log is dropped this long after their last message (their next seq starts from the clock). */
export const QUIET_LOG_MS = 24 * 60 * 60_000;
