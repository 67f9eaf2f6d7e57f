/**
 * How a live message travels from the instance that stored it to every instance that
 * may hold a socket for it. In-process by default; Redis pub/sub (redis-bus.ts) when
 * several instances serve one database. Messages are stored before they are published;
 * those to named users are also kept per person for a while and replayed to a socket that
 * reconnects with the last seq it saw (replay.ts, DESIGN 6).
 */
import type { Replay } from './replay';

/** What goes over the bus. `data` is the message already serialised, so it is encoded once. */
export type Envelope =
  /** `seqs`: each user's seq of it (replay.ts), in the order of `ids`; absent from a publisher that keeps none. */
  | { t: 'users'; ids: string[]; data: string; seqs?: number[] }
  /** An event's joined sockets: only those of `only` when set, never those of `except`. */
  /** `coalesce`: a location update, held to one per window on delivery too (Coalescer). */
  | { t: 'event'; id: string; only?: string[]; except?: string[]; data: string; coalesce?: true }
  /** Close the user's sockets; only those of one session (its liveSessionKey) when `session` is set. */
  | { t: 'disconnect'; id: string; session?: string }
  /**
   * Something other instances keep a copy of changed (see Change); `from` is the
   * instance that made the change, which has already applied it.
   */
  | { t: 'changed'; from: string; change: Change };

/**
 * A change to what instances keep in memory (kept sessions, kept copies of events'
 * people): a user's row ('user'), a relation between two users ('relation': a block or
 * connection; 'request': a connection request between them came, was declined or
 * released), someone joining an event ('joined': event id, then user id), an event
 * itself made, edited or cancelled ('event': its id), kept reads' tags (cache/kept.ts:
 * 'kept', one or more tags), a conversation marked read ('read': the reader, 'direct' or
 * 'group', the conversation's id, the mark's time in milliseconds), a one-to-one message
 * stored ('sent': the message as its JSON, so every instance shows it in the kept inboxes),
 * position reports kept ('positions': a JSON list of [event id, user id, report], gathered
 * for a moment, so every instance's copy of an event's people has them at once instead of
 * at its next load).
 */
export interface Change {
  kind: 'user' | 'relation' | 'request' | 'joined' | 'event' | 'kept' | 'read' | 'sent' | 'positions';
  ids: string[];
}

export interface Bus {
  publish(envelope: Envelope): Promise<void>;
  /** The hub's one listener; every instance, the publisher included, receives everything. */
  subscribe(handler: (envelope: Envelope) => void): void;
  /** This instance holds (or no longer holds) a socket of the user. */
  setPresent(userId: string, present: boolean): void;
  /** Whether another instance holds a socket of the user (the hub knows its own). */
  isPresentElsewhere(userId: string): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Resolves once every envelope published before the bus saw this call has reached the
   * handler (Redis: a PING on the subscriber connection, answered after the messages
   * queued before it). Absent: publishing reaches the handler at once.
   */
  settle?(): Promise<void>;
  /** The per-person logs the instances share (Redis); absent: the hub keeps them in memory. */
  readonly replay?: Replay;
  /**
   * The hub's listener for envelopes that may have been missed (Redis: the subscriber was
   * cut off, while it is away and, with `back` true, once it hears the bus again), so what
   * is kept from announced changes is read again and the sockets are caught up. Absent:
   * nothing is ever missed.
   */
  onMissed?(handler: (back: boolean) => void): void;
}

/** One process: publishing is handing the envelope to the hub. */
export class LocalBus implements Bus {
  private handler: ((e: Envelope) => void) | null = null;

  async publish(envelope: Envelope): Promise<void> {
    this.handler?.(envelope);
  }

  subscribe(handler: (envelope: Envelope) => void): void {
    this.handler = handler;
  }

  setPresent(_userId: string, _present: boolean): void {}

  async isPresentElsewhere(_userId: string): Promise<boolean> {
    return false;
  }

  async close(): Promise<void> {
    this.handler = null;
  }
}

/** At most this many tags in one 'kept' change. */
const MAX_KEPT_TAGS = 10_000;

/** Reads an envelope from the wire; anything malformed is dropped rather than trusted. */
export function parseEnvelope(raw: string): Envelope | null {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const e = v as Record<string, unknown>;
  const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
  if (e.t === 'users' && strings(e.ids) && typeof e.data === 'string') {
    const seqs = Array.isArray(e.seqs) && e.seqs.length === e.ids.length && e.seqs.every((n) => Number.isSafeInteger(n) && n > 0) ? (e.seqs as number[]) : null;
    return { t: 'users', ids: e.ids, data: e.data, ...(seqs ? { seqs } : {}) };
  }
  if (e.t === 'event' && typeof e.id === 'string' && typeof e.data === 'string') {
    return {
      t: 'event',
      id: e.id,
      data: e.data,
      ...(strings(e.only) ? { only: e.only } : {}),
      ...(strings(e.except) ? { except: e.except } : {}),
      ...(e.coalesce === true ? { coalesce: true as const } : {}),
    };
  }
  if (e.t === 'disconnect' && typeof e.id === 'string') {
    return { t: 'disconnect', id: e.id, ...(typeof e.session === 'string' ? { session: e.session } : {}) };
  }
  if (e.t === 'changed' && typeof e.from === 'string' && e.change && typeof e.change === 'object') {
    const c = e.change as Record<string, unknown>;
    const arity = { user: 1, relation: 2, request: 2, joined: 2, event: 1, read: 4, sent: 1, positions: 1 } as const;
    if (typeof c.kind === 'string' && Object.hasOwn(arity, c.kind) && strings(c.ids)) {
      const kind = c.kind as keyof typeof arity;
      if (c.ids.length === arity[kind]) return { t: 'changed', from: e.from, change: { kind, ids: c.ids } };
    }
    if (c.kind === 'kept' && strings(c.ids) && c.ids.length >= 1 && c.ids.length <= MAX_KEPT_TAGS) {
      return { t: 'changed', from: e.from, change: { kind: 'kept', ids: c.ids } };
    }
  }
  return null;
}
