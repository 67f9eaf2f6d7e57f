/**
 * The hub behind the live-message port (core/realtime.ts): the registry of this
 * instance's sockets, fed by a bus that carries each message to every instance (bus.ts,
 * redis-bus.ts). It delivers; it stores nothing and decides nothing.
 */
import { LOCATION_INTERVAL_MS } from '../../contract/constants';
import { LIVE_CLOSE } from '../../contract/live';
import { randomUUID } from 'node:crypto';
import { LocalBus, type Bus, type Change, type Envelope } from './bus';
import { Coalescer } from './coalescer';
import type { EventAudience, LiveMessage, Realtime } from '../core/realtime';

/** What the hub needs of a socket (a `ws` WebSocket); tests pass fakes. */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** The extensions agreed at the upgrade (`ws`): '' when frames go out as they are. */
  readonly extensions?: string;
  /** The connection under it (`ws`), for frames written whole (`textFrame`). */
  readonly _socket?: { write(data: Buffer): boolean };
  send(data: Buffer, options: { binary: boolean }): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
}

const OPEN = 1;

/**
 * A whole WebSocket text frame (RFC 6455 5.2: FIN, opcode 1, unmasked as a server's are,
 * then the length in 7, 16 or 64 bits) around the payload: built once for a message that
 * goes to thousands of sockets, and written to each as it is (issue 15: frame once, send
 * many), where `ws` would build and write a frame per socket.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** A message for many sockets: its payload, and its frame once one socket can take it whole. */
interface Outgoing {
  payload: Buffer;
  frame: Buffer | null;
}

/** The session a socket was opened with. */
export interface LiveSession {
  /** The database's token hash, kept in this process only (for revalidation). */
  tokenHash: string;
  /** liveSessionKey(tokenHash). */
  key: string;
  /** Milliseconds of the app clock. */
  expiresAt: number;
}

export interface LiveClient {
  readonly userId: string;
  readonly socket: LiveSocket;
  /** Events this socket joined (as an attendee). */
  readonly events: Set<string>;
  /** The session it was opened with; absent for sockets attached without one (tests). */
  readonly session?: LiveSession;
  /** Answered the last ping. */
  alive: boolean;
  attached: boolean;
}

export interface HubOptions {
  /** Defaults to an in-process bus. An injected bus is closed by whoever made it. */
  bus?: Bus;
  /** Milliseconds now; the app's clock. */
  now?: () => number;
  /** Ping interval; a socket that has not answered the previous ping is dropped. 0: no timer. */
  heartbeatMs?: number;
  /** Sockets a heartbeat handles at once, and the pause before the next ones (HEARTBEAT_SLICE). */
  heartbeatSlice?: number;
  heartbeatSliceGapMs?: number;
  /** Sockets written to before the event loop gets a turn (FANOUT_SLICE). */
  fanoutSlice?: number;
  /** A socket with more than this waiting to be written is too slow and is dropped. */
  maxBufferedBytes?: number;
  /** At most one location_update per event in this window (DESIGN 6). */
  locationCoalesceMs?: number;
  /** A socket joins at most this many events. */
  maxEventsPerSocket?: number;
  onError?: (message: string, err: unknown) => void;
  /** Told of every disconnect message this instance receives (from any instance). */
  onDisconnect?: (userId: string, session?: string) => void;
  /** Told of the changes other instances announce (announceChange). */
  onChange?: (change: Change) => void;
  /**
   * Which of these session token hashes are still valid. Every `revalidateEvery`
   * heartbeats the sockets of sessions no longer valid (revoked without a message
   * reaching this instance) are closed. Absent: only expiry is checked.
   */
  validSessions?: (tokenHashes: string[]) => Promise<Set<string>>;
  revalidateEvery?: number;
}

export const HEARTBEAT_MS = 30_000;
/**
 * A heartbeat pings this many sockets, then the next as many HEARTBEAT_SLICE_GAP_MS
 * later: 10,000 sockets over 2 s. In one go, 10,000 pings held the event loop for 70 ms
 * of CPU (630 ms on a busy machine) every 30 s, and their 10,000 pongs came back at
 * once; a broadcast meanwhile took up to 470 ms instead of 180 (issue 15). Each socket
 * is still pinged once per HEARTBEAT_MS, and has until its next ping to answer.
 */
export const HEARTBEAT_SLICE = 500;
export const HEARTBEAT_SLICE_GAP_MS = 100;
/**
 * Sockets written to before the event loop gets a turn. A write to a loopback or LAN
 * socket costs the writing thread 10-20 µs, so a message to an audience of 1,000 held
 * every request waiting behind it for 10-20 ms; in slices of this many, a request waits
 * 3-5 ms at most. Deliveries stay in the order they came, for every socket.
 */
export const FANOUT_SLICE = 256;
export const MAX_BUFFERED_BYTES = 1024 * 1024;
export const MAX_EVENTS_PER_SOCKET = 50;
/** Heartbeats between two checks of every socket's session against the database. */
export const REVALIDATE_EVERY = 4;

export class Hub implements Realtime {
  private readonly bus: Bus;
  private readonly ownsBus: boolean;
  private readonly now: () => number;
  private readonly maxBuffered: number;
  private readonly heartbeatSlice: number;
  private readonly heartbeatSliceGapMs: number;
  private nextSlice: NodeJS.Timeout | null = null;
  private readonly coalesceMs: number;
  private readonly maxEvents: number;
  private readonly onError: (message: string, err: unknown) => void;
  private readonly onDisconnect: (userId: string, session?: string) => void;
  private readonly onChange: (change: Change) => void;
  /** Names this instance on the bus, so it does not apply its own announcements twice. */
  readonly instanceId = randomUUID();
  private readonly validSessions: HubOptions['validSessions'];
  private readonly revalidateEvery: number;
  private beats = 0;
  private revalidating: Promise<void> | null = null;
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private readonly byEvent = new Map<string, Set<LiveClient>>();
  /** Location updates: at most one per event and window from this instance, and to each of its sockets. */
  private readonly outgoingLocation: Coalescer<LiveMessage>;
  private readonly incomingLocation: Coalescer<Envelope & { t: 'event' }>;
  private readonly heartbeatTimer: NodeJS.Timeout | null;
  private readonly fanoutSlice: number;
  /** Deliveries not yet written, oldest first: a message's recipients from `next` on, or a disconnect. */
  private readonly unsent: Array<{ clients: LiveClient[]; out: Outgoing; next: number } | (() => void)> = [];
  private nextFanout: NodeJS.Immediate | null = null;
  private closed = false;

  constructor(opts: HubOptions = {}) {
    this.ownsBus = !opts.bus;
    this.bus = opts.bus ?? new LocalBus();
    this.now = opts.now ?? Date.now;
    this.maxBuffered = opts.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    this.heartbeatSlice = Math.max(1, opts.heartbeatSlice ?? HEARTBEAT_SLICE);
    this.heartbeatSliceGapMs = opts.heartbeatSliceGapMs ?? HEARTBEAT_SLICE_GAP_MS;
    this.fanoutSlice = Math.max(1, opts.fanoutSlice ?? FANOUT_SLICE);
    this.coalesceMs = opts.locationCoalesceMs ?? LOCATION_INTERVAL_MS;
    this.outgoingLocation = new Coalescer(this.coalesceMs, this.now, (eventId, message) =>
      this.publish({ t: 'event', id: eventId, data: JSON.stringify(message), coalesce: true }),
    );
    this.incomingLocation = new Coalescer(this.coalesceMs, this.now, (_, envelope) => this.deliverNow(envelope));
    this.maxEvents = opts.maxEventsPerSocket ?? MAX_EVENTS_PER_SOCKET;
    this.onError = opts.onError ?? (() => {});
    this.onDisconnect = opts.onDisconnect ?? (() => {});
    this.onChange = opts.onChange ?? (() => {});
    this.validSessions = opts.validSessions;
    this.revalidateEvery = opts.revalidateEvery ?? REVALIDATE_EVERY;
    this.bus.subscribe((e) => this.deliver(e));
    const every = opts.heartbeatMs ?? HEARTBEAT_MS;
    this.heartbeatTimer = every > 0 ? setInterval(() => this.heartbeat(), every) : null;
    this.heartbeatTimer?.unref();
  }

  /** Registers a socket of `userId` (already authenticated, with `session`) on this instance. */
  attach(socket: LiveSocket, userId: string, session?: LiveSession): LiveClient {
    const client: LiveClient = { userId, socket, events: new Set(), session, alive: true, attached: true };
    if (this.closed) {
      socket.close(LIVE_CLOSE.goingAway, 'Server closing');
      client.attached = false;
      return client;
    }
    let mine = this.byUser.get(userId);
    if (!mine) {
      mine = new Set();
      this.byUser.set(userId, mine);
      this.bus.setPresent(userId, true);
    }
    mine.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => this.detach(client));
    return client;
  }

  /** Adds the socket to an event's audience; false when it cannot (closed, too many). */
  join(client: LiveClient, eventId: string): boolean {
    if (!client.attached) return false;
    if (!client.events.has(eventId) && client.events.size >= this.maxEvents) return false;
    client.events.add(eventId);
    let audience = this.byEvent.get(eventId);
    if (!audience) {
      audience = new Set();
      this.byEvent.set(eventId, audience);
    }
    audience.add(client);
    return true;
  }

  async toUsers(userIds: readonly string[], message: LiveMessage): Promise<void> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    await this.publish({ t: 'users', ids, data: JSON.stringify(message) });
  }

  async toEvent(eventId: string, message: LiveMessage, options: EventAudience = {}): Promise<void> {
    if (message.type === 'location_update') return this.outgoingLocation.offer(eventId, message);
    const only = options.onlyUsers ? [...new Set(options.onlyUsers)] : undefined;
    if (only?.length === 0) return;
    const except = options.exceptUsers?.length ? [...new Set(options.exceptUsers)] : undefined;
    await this.publish({ t: 'event', id: eventId, data: JSON.stringify(message), ...(only ? { only } : {}), ...(except ? { except } : {}) });
  }

  async disconnectUser(userId: string, session?: string): Promise<void> {
    await this.publish({ t: 'disconnect', id: userId, ...(session ? { session } : {}) });
  }

  /** Tells the other instances of a change this one has made and applied (at most once, like every message). */
  async announceChange(change: Change): Promise<void> {
    await this.publish({ t: 'changed', from: this.instanceId, change });
  }

  async isOnline(userId: string): Promise<boolean> {
    if (this.byUser.has(userId)) return true;
    try {
      return await this.bus.isPresentElsewhere(userId);
    } catch (err) {
      // Unknown counts as offline: a spare notification is better than a missed one.
      this.onError('presence check failed', err);
      return false;
    }
  }

  /**
   * One heartbeat round: close sockets whose session has expired, drop sockets that
   * missed the last ping, ping the rest (the first slice now, the others spread out:
   * HEARTBEAT_SLICE); every few rounds, check the sessions too.
   */
  heartbeat(): void {
    const t = this.now();
    const clients: LiveClient[] = [];
    for (const set of this.byUser.values()) for (const client of set) clients.push(client);
    // A round still under way (only with a heartbeat far shorter than its slices) ends here.
    if (this.nextSlice) clearTimeout(this.nextSlice);
    this.nextSlice = null;
    this.beatSlice(clients, 0, t);
    this.outgoingLocation.sweep();
    this.incomingLocation.sweep();
    this.beats += 1;
    if (this.validSessions && this.beats % this.revalidateEvery === 0 && !this.revalidating) {
      this.revalidating = this.revalidateSessions().finally(() => {
        this.revalidating = null;
      });
    }
  }

  private beatSlice(clients: readonly LiveClient[], from: number, t: number): void {
    if (this.closed) return;
    const end = Math.min(clients.length, from + this.heartbeatSlice);
    for (let i = from; i < end; i++) {
      const client = clients[i]!;
      // Closed, dropped or ended since the round began.
      if (!client.attached) continue;
      if (client.session && client.session.expiresAt <= t) {
        this.endSession(client);
        continue;
      }
      if (!client.alive) {
        this.detach(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      if (client.socket.readyState === OPEN) client.socket.ping();
    }
    if (end === clients.length) return;
    this.nextSlice = setTimeout(() => {
      this.nextSlice = null;
      this.beatSlice(clients, end, t);
    }, this.heartbeatSliceGapMs);
    this.nextSlice.unref();
  }

  /** Closes the sockets whose session is no longer valid in the database (one query for all). */
  async revalidateSessions(): Promise<void> {
    if (!this.validSessions || this.closed) return;
    const hashes = new Set<string>();
    for (const set of this.byUser.values()) for (const c of set) if (c.session) hashes.add(c.session.tokenHash);
    if (hashes.size === 0) return;
    let valid: Set<string>;
    try {
      valid = await this.validSessions([...hashes]);
    } catch (err) {
      // Not known now; the next check asks again.
      this.onError('session check failed', err);
      return;
    }
    for (const set of [...this.byUser.values()]) {
      for (const client of [...set]) if (client.session && !valid.has(client.session.tokenHash)) this.endSession(client);
    }
  }

  /** Sends the location updates waiting for their window now (tests; shutdown). */
  async flushLocationUpdates(): Promise<void> {
    await this.outgoingLocation.flush();
    await this.incomingLocation.flush();
  }

  /** Local counts, for tests and the benchmark. */
  stats(): { sockets: number; users: number; events: number } {
    let sockets = 0;
    for (const set of this.byUser.values()) sockets += set.size;
    return { sockets, users: this.byUser.size, events: this.byEvent.size };
  }

  localSocketCount(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  eventAudienceCount(eventId: string): number {
    return this.byEvent.get(eventId)?.size ?? 0;
  }

  joinedEvents(userId: string): string[] {
    const out = new Set<string>();
    for (const c of this.byUser.get(userId) ?? []) for (const e of c.events) out.add(e);
    return [...out];
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.nextSlice) clearTimeout(this.nextSlice);
    if (this.nextFanout) clearImmediate(this.nextFanout);
    this.unsent.length = 0;
    // A session check under way must not outlive the database it reads.
    await this.revalidating;
    this.outgoingLocation.close();
    this.incomingLocation.close();
    for (const set of [...this.byUser.values()]) {
      for (const client of [...set]) {
        this.detach(client);
        client.socket.close(LIVE_CLOSE.goingAway, 'Server closing');
      }
    }
    if (this.ownsBus) await this.bus.close();
  }

  private async publish(envelope: Envelope): Promise<void> {
    if (this.closed) return;
    try {
      await this.bus.publish(envelope);
    } catch (err) {
      // Already stored: a lost live hint is repaired by the client's next reload.
      this.onError('live publish failed', err);
    }
  }

  private deliver(envelope: Envelope): void {
    if (envelope.t === 'disconnect') {
      // After what was sent before it, as a socket would have heard it.
      this.enqueue(() => {
        for (const client of [...(this.byUser.get(envelope.id) ?? [])]) {
          // One that fails to close is cut off instead (endSession), and the others still close.
          if (envelope.session === undefined || client.session?.key === envelope.session) this.endSession(client);
        }
        this.onDisconnect(envelope.id, envelope.session);
      });
      return;
    }
    if (envelope.t === 'changed') {
      if (envelope.from !== this.instanceId) this.onChange(envelope.change);
      return;
    }
    if (envelope.t === 'event' && envelope.coalesce) {
      void this.incomingLocation.offer(envelope.id, envelope);
      return;
    }
    this.deliverNow(envelope);
  }

  private deliverNow(envelope: Envelope & { t: 'users' | 'event' }): void {
    const clients = this.recipients(envelope);
    // Encoded and framed once for every socket (a group message can go to thousands).
    if (clients.length) this.enqueue({ clients, out: { payload: Buffer.from(envelope.data), frame: null }, next: 0 });
  }

  /** The sockets an envelope is for, as they are now. */
  private recipients(envelope: Envelope & { t: 'users' | 'event' }): LiveClient[] {
    const clients: LiveClient[] = [];
    if (envelope.t === 'users') {
      for (const id of envelope.ids) for (const client of this.byUser.get(id) ?? []) clients.push(client);
      return clients;
    }
    const audience = this.byEvent.get(envelope.id);
    if (!audience) return clients;
    const except = envelope.except ? new Set(envelope.except) : null;
    if (envelope.only) {
      // A few named users: look them up rather than walk an audience of thousands.
      for (const id of envelope.only) {
        if (except?.has(id)) continue;
        for (const client of this.byUser.get(id) ?? []) if (client.events.has(envelope.id)) clients.push(client);
      }
      return clients;
    }
    for (const client of audience) if (!except?.has(client.userId)) clients.push(client);
    return clients;
  }

  /** Resolves once everything delivered so far is written (a fan-out spans turns: FANOUT_SLICE). */
  async allSent(): Promise<void> {
    while (this.unsent.length && !this.closed) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Delivers now what fits in this turn's slice (FANOUT_SLICE), the rest in the next turns. */
  private enqueue(delivery: (typeof this.unsent)[number]): void {
    if (this.closed) return;
    this.unsent.push(delivery);
    if (this.unsent.length === 1) this.drain();
  }

  private drain(): void {
    this.nextFanout = null;
    let budget = this.fanoutSlice;
    try {
      while (this.unsent.length && budget > 0) {
        const head = this.unsent[0]!;
        if (typeof head === 'function') {
          // Taken off first: one that throws is not run again, and the rest still goes.
          this.unsent.shift();
          budget -= 1;
          try {
            head();
          } catch (err) {
            // A turn of its own (setImmediate) has nobody to throw to.
            this.onError('live delivery failed', err);
          }
          continue;
        }
        const end = Math.min(head.clients.length, head.next + budget);
        budget -= end - head.next;
        while (head.next < end) this.send(head.clients[head.next++]!, head.out);
        if (head.next === head.clients.length) this.unsent.shift();
      }
    } finally {
      if (this.unsent.length && !this.closed) this.nextFanout ??= setImmediate(() => this.drain());
    }
  }

  private send(client: LiveClient, out: Outgoing): void {
    const s = client.socket;
    if (s.readyState !== OPEN) return;
    if (s.bufferedAmount > this.maxBuffered) {
      // Too far behind to catch up: drop it; the client reconnects and reloads.
      this.detach(client);
      s.terminate();
      return;
    }
    // No extension (compression) agreed: nothing of ws's own is queued, so the whole frame
    // can be written after whatever ws wrote before it.
    if (s.extensions === '' && s._socket) s._socket.write((out.frame ??= textFrame(out.payload)));
    else s.send(out.payload, { binary: false });
  }

  /** Closes the socket as the session ended; one that cannot close is cut off instead (a banned person's socket must not stay open). */
  private endSession(client: LiveClient): void {
    this.detach(client);
    try {
      client.socket.close(LIVE_CLOSE.sessionEnded, 'Session ended');
    } catch (err) {
      this.onError('live close failed', err);
      client.socket.terminate();
    }
  }

  private detach(client: LiveClient): void {
    if (!client.attached) return;
    client.attached = false;
    const mine = this.byUser.get(client.userId);
    if (mine) {
      mine.delete(client);
      if (mine.size === 0) {
        this.byUser.delete(client.userId);
        if (!this.closed) this.bus.setPresent(client.userId, false);
      }
    }
    for (const eventId of client.events) {
      const audience = this.byEvent.get(eventId);
      if (!audience) continue;
      audience.delete(client);
      if (audience.size === 0) this.byEvent.delete(eventId);
    }
  }
}
