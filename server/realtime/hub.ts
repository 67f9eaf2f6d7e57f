/**
 * The hub behind the live-message port (core/realtime.ts): this instance's sockets
 * (sockets.ts), fed by a bus that carries each message to every instance (bus.ts,
 * redis-bus.ts), written to in slices (fanout.ts), kept alive by a heartbeat. It
 * delivers, and replays to a socket opened with `?after=` what it missed (replay.ts); it
 * decides nothing.
 */
import { LOCATION_INTERVAL_MS } from '../../contract/constants';
import { LIVE_CLOSE } from '../../contract/live';
import { randomUUID } from 'node:crypto';
import { LocalBus, type Bus, type Change, type Envelope } from './bus';
import { Coalescer } from './coalescer';
import { FANOUT_SLICE, Fanout, MAX_BUFFERED_BYTES } from './fanout';
import { MemoryReplay, withSeq, type Opened, type Replay, type Replayed } from './replay';
import { OPEN, SocketRegistry, type LiveClient, type LiveSession, type LiveSocket } from './sockets';
import type { EventAudience, LiveMessage, Realtime } from '../core/realtime';

export interface HubOptions {
  /** Defaults to an in-process bus. An injected bus is closed by whoever made it. */
  bus?: Bus;
  /** Milliseconds now; the app's clock. */
  now?: () => number;
  /** Ping interval; a socket that has not answered the previous ping is dropped. 0: no timer. */
  heartbeatMs?: number;
  /** Sockets a heartbeat handles at least at once, and the pause before the next ones (HEARTBEAT_SLICE). */
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
  /** Told when announced changes may have been missed (Bus.onMissed): what is kept from them is read again. */
  onMissed?: () => void;
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
 * A heartbeat pings its sockets a slice at a time, HEARTBEAT_SLICE_GAP_MS apart, spread
 * over half the heartbeat: 10,000 sockets in slices of 67 over 15 s, a few hundred in
 * slices of HEARTBEAT_SLICE. Each socket is still pinged once per HEARTBEAT_MS, and has
 * until its next ping to answer. In one go, 10,000 pings held the event loop for 70 ms of
 * CPU (630 ms on a busy machine) every 30 s, and their pongs came back at once (issue 15);
 * in slices of 500 over 2 s, a message to 10,000 sockets meanwhile still took 575-688 ms
 * instead of 190-290 (issue 44 item 3: a ping and its pong cost 40-90 µs of a busy core).
 */
export const HEARTBEAT_SLICE = 50;
export const HEARTBEAT_SLICE_GAP_MS = 100;
export const MAX_EVENTS_PER_SOCKET = 50;
/** Heartbeats between two checks of every socket's session against the database. */
export const REVALIDATE_EVERY = 4;

/**
 * A session's presence on the bus, beside its user's: the same per-id presence (a Redis
 * channel an instance subscribes to while it holds one of the session's sockets), under a
 * name no user id takes.
 */
const sessionPresence = (key: string): string => `session:${key}`;

/** Sent first to a socket whose `after` is older than what is kept (replay.ts): the app reads its lists again. */
const RESYNC = Buffer.from(JSON.stringify({ type: 'resync' }));

export class Hub implements Realtime {
  private readonly bus: Bus;
  private readonly ownsBus: boolean;
  private readonly now: () => number;
  private readonly heartbeatSlice: number;
  private readonly heartbeatSliceGapMs: number;
  /** How long a heartbeat's slices take at most: half the heartbeat. */
  private readonly heartbeatSpreadMs: number;
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
  private readonly sockets = new SocketRegistry();
  /** Sockets per session (liveSessionKey) on this instance, for the session's presence (issue 41: no push while open). */
  private readonly bySession = new Map<string, number>();
  /** Location updates: at most one per event and window from this instance, and to each of its sockets. */
  private readonly outgoingLocation: Coalescer<LiveMessage>;
  private readonly incomingLocation: Coalescer<Envelope & { t: 'event' }>;
  private readonly heartbeatTimer: NodeJS.Timeout | null;
  private readonly fanout: Fanout;
  /** The per-person logs: the bus's (Redis), or this process's. */
  private readonly replay: Replay;
  private readonly memoryReplay: MemoryReplay | null;
  private closed = false;

  constructor(opts: HubOptions = {}) {
    this.ownsBus = !opts.bus;
    this.bus = opts.bus ?? new LocalBus();
    this.now = opts.now ?? Date.now;
    this.heartbeatSlice = Math.max(1, opts.heartbeatSlice ?? HEARTBEAT_SLICE);
    this.heartbeatSliceGapMs = opts.heartbeatSliceGapMs ?? HEARTBEAT_SLICE_GAP_MS;
    this.coalesceMs = opts.locationCoalesceMs ?? LOCATION_INTERVAL_MS;
    this.outgoingLocation = new Coalescer(this.coalesceMs, this.now, (eventId, message) =>
      this.publish({ t: 'event', id: eventId, data: JSON.stringify(message), coalesce: true }),
    );
    this.incomingLocation = new Coalescer(this.coalesceMs, this.now, (_, envelope) => this.deliverNow(envelope));
    this.maxEvents = opts.maxEventsPerSocket ?? MAX_EVENTS_PER_SOCKET;
    this.onError = opts.onError ?? (() => {});
    this.onDisconnect = opts.onDisconnect ?? (() => {});
    this.onChange = opts.onChange ?? (() => {});
    this.fanout = new Fanout({
      slice: Math.max(1, opts.fanoutSlice ?? FANOUT_SLICE),
      maxBuffered: opts.maxBufferedBytes ?? MAX_BUFFERED_BYTES,
      onError: this.onError,
      tooSlow: (client) => {
        // Too far behind to catch up: drop it; the client reconnects and reloads.
        this.detach(client);
        client.socket.terminate();
      },
    });
    this.memoryReplay = this.bus.replay ? null : new MemoryReplay((e) => this.bus.publish(e));
    this.replay = this.bus.replay ?? this.memoryReplay!;
    this.validSessions = opts.validSessions;
    this.revalidateEvery = opts.revalidateEvery ?? REVALIDATE_EVERY;
    this.bus.subscribe((e) => this.deliver(e));
    this.bus.onMissed?.((back) => {
      opts.onMissed?.();
      if (back) this.catchUp();
    });
    const every = opts.heartbeatMs ?? HEARTBEAT_MS;
    this.heartbeatSpreadMs = (every || HEARTBEAT_MS) / 2;
    this.heartbeatTimer = every > 0 ? setInterval(() => this.heartbeat(), every) : null;
    this.heartbeatTimer?.unref();
  }

  /**
   * Registers a socket of `userId` (already authenticated, with `session`) on this
   * instance, then greets it (greet): with `after` (the last seq the client saw), what it
   * missed comes first; then `caught_up` with the person's last seq. What is delivered to
   * it meanwhile is held, and written around those in order of seq, each message once.
   */
  attach(socket: LiveSocket, userId: string, session?: LiveSession, after?: number): LiveClient {
    const client: LiveClient = { userId, socket, events: new Set(), session, alive: true, attached: true };
    if (this.closed) {
      socket.close(LIVE_CLOSE.goingAway, 'Server closing');
      client.attached = false;
      return client;
    }
    if (this.sockets.add(client)) this.bus.setPresent(userId, true);
    if (session) {
      const n = this.bySession.get(session.key) ?? 0;
      this.bySession.set(session.key, n + 1);
      if (n === 0) this.bus.setPresent(sessionPresence(session.key), true);
    }
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => this.detach(client));
    client.held = [];
    void this.greet(client, after);
    return client;
  }

  /**
   * Reads the person's last seq N (and with `after` what was missed) once the socket is
   * registered, so every message given a seq above N is delivered to it. Then waits until
   * every message given one up to N that is coming to this instance has come (the bus
   * settles; another instance's publish can still be on its way) and was handed to the
   * socket's hold (the greeting waits its turn behind those in the fan-out). So the socket
   * hears: the replay (or resync), the held messages up to N (those the replay did not
   * send), `caught_up` N, the held ones above N, then the live ones: in order of seq, each
   * once, and nothing above N before `caught_up`. A client that reconnects `?after=` N
   * gets every message above N it did not hear.
   */
  private async greet(client: LiveClient, after?: number): Promise<void> {
    let opened: Opened | null = null;
    try {
      opened = await this.replay.open(client.userId, after, this.now());
      await this.bus.settle?.();
    } catch (err) {
      // Not known what was missed: the app reads its lists again (and is told no seq).
      this.onError('live replay failed', err);
      opened = null;
    }
    this.fanout.enqueue(() => this.greetNow(client, after, opened));
  }

  private greetNow(client: LiveClient, after: number | undefined, opened: Opened | null): void {
    const held = client.held ?? [];
    client.held = null;
    if (!client.attached || client.socket.readyState !== OPEN) return;
    const write = (payload: Buffer) => client.socket.send(payload, { binary: false });
    const replayed: Replayed | undefined = opened ? opened.replayed : after === undefined ? undefined : { resync: true };
    if (replayed?.resync) write(RESYNC);
    else if (replayed) for (const e of replayed.entries) if (e.data !== undefined) write(Buffer.from(withSeq(e.data, e.seq)));
    // Up to here the socket has had every message after `skip` (held ones at or below it came in the replay, or before `after`).
    const skip = replayed && !replayed.resync ? opened!.last : (after ?? 0);
    const last = opened?.last;
    let told = last === undefined;
    const tell = () => {
      told = true;
      write(Buffer.from(JSON.stringify({ type: 'caught_up', seq: last })));
    };
    let written = 0;
    for (const h of held) {
      if (!told && h.seq !== undefined && h.seq > last!) tell();
      if (h.seq === undefined || h.seq > skip) write(h.payload);
      if (h.seq !== undefined) written = Math.max(written, h.seq);
    }
    if (!told) tell();
    // A live copy of one at or below this, arriving late, is not written again.
    client.floor = Math.max(skip, last ?? 0, written);
  }

  /**
   * After the bus was cut off and is back: every socket here may have missed messages
   * meanwhile, so each is greeted again after the last seq written to it, as a socket that
   * reconnects is: what is kept since comes in order and once, then the live ones (or, past
   * what is kept, resync and the app reads its lists again).
   */
  private catchUp(): void {
    for (const client of this.sockets.all()) {
      if (!client.attached || client.held) continue;
      client.held = [];
      void this.greet(client, client.floor);
    }
  }

  /** Adds the socket to an event's audience; false when it cannot (closed, too many). */
  join(client: LiveClient, eventId: string): boolean {
    if (!client.attached) return false;
    if (!client.events.has(eventId) && client.events.size >= this.maxEvents) return false;
    this.sockets.join(client, eventId);
    return true;
  }

  /** Each user gets the message with their next seq, and it is kept for replay (replay.ts). */
  async toUsers(userIds: readonly string[], message: LiveMessage): Promise<void> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0 || this.closed) return;
    try {
      await this.replay.send(ids, JSON.stringify(message), this.now());
    } catch (err) {
      // Already stored: a lost live hint is repaired by the client's next reload.
      this.onError('live publish failed', err);
    }
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
    if (this.sockets.has(userId)) return true;
    try {
      return await this.bus.isPresentElsewhere(userId);
    } catch (err) {
      // Unknown counts as offline: a spare notification is better than a missed one.
      this.onError('presence check failed', err);
      return false;
    }
  }

  async isSessionOnline(session: string): Promise<boolean> {
    if (this.bySession.has(session)) return true;
    try {
      return await this.bus.isPresentElsewhere(sessionPresence(session));
    } catch (err) {
      // Unknown counts as closed: a spare push is better than a missed one.
      this.onError('session presence check failed', err);
      return false;
    }
  }

  /**
   * One heartbeat round: close sockets whose session has expired, drop sockets that
   * missed the last ping, ping the rest (the first slice now, the others spread over half
   * the heartbeat: HEARTBEAT_SLICE); every few rounds, check the sessions too.
   */
  heartbeat(): void {
    const t = this.now();
    const clients = this.sockets.all();
    // A round still under way (only with a heartbeat far shorter than its slices) ends here.
    if (this.nextSlice) clearTimeout(this.nextSlice);
    this.nextSlice = null;
    const gaps = Math.max(1, Math.floor(this.heartbeatSpreadMs / this.heartbeatSliceGapMs));
    this.beatSlice(clients, 0, t, Math.max(this.heartbeatSlice, Math.ceil(clients.length / gaps)));
    this.outgoingLocation.sweep();
    this.incomingLocation.sweep();
    this.memoryReplay?.sweep(t);
    this.beats += 1;
    if (this.validSessions && this.beats % this.revalidateEvery === 0 && !this.revalidating) {
      this.revalidating = this.revalidateSessions().finally(() => {
        this.revalidating = null;
      });
    }
  }

  private beatSlice(clients: readonly LiveClient[], from: number, t: number, size: number): void {
    if (this.closed) return;
    const end = Math.min(clients.length, from + size);
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
      this.beatSlice(clients, end, t, size);
    }, this.heartbeatSliceGapMs);
    this.nextSlice.unref();
  }

  /** Closes the sockets whose session is no longer valid in the database (one query for all). */
  async revalidateSessions(): Promise<void> {
    if (!this.validSessions || this.closed) return;
    const hashes = new Set<string>();
    for (const c of this.sockets.all()) if (c.session) hashes.add(c.session.tokenHash);
    if (hashes.size === 0) return;
    let valid: Set<string>;
    try {
      valid = await this.validSessions([...hashes]);
    } catch (err) {
      // Not known now; the next check asks again.
      this.onError('session check failed', err);
      return;
    }
    for (const client of this.sockets.all()) if (client.session && !valid.has(client.session.tokenHash)) this.endSession(client);
  }

  /** Sends the location updates waiting for their window now (tests; shutdown). */
  async flushLocationUpdates(): Promise<void> {
    await this.outgoingLocation.flush();
    await this.incomingLocation.flush();
  }

  /** Local counts, for tests and the benchmark. */
  stats(): { sockets: number; users: number; events: number } {
    return this.sockets.stats();
  }

  localSocketCount(userId: string): number {
    return this.sockets.localSocketCount(userId);
  }

  eventAudienceCount(eventId: string): number {
    return this.sockets.eventAudienceCount(eventId);
  }

  joinedEvents(userId: string): string[] {
    return this.sockets.joinedEvents(userId);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.nextSlice) clearTimeout(this.nextSlice);
    this.fanout.close();
    // A session check under way must not outlive the database it reads.
    await this.revalidating;
    this.outgoingLocation.close();
    this.incomingLocation.close();
    for (const client of this.sockets.all()) {
      this.detach(client);
      client.socket.close(LIVE_CLOSE.goingAway, 'Server closing');
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
      this.fanout.enqueue(() => {
        for (const client of this.sockets.ofUser(envelope.id)) {
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
    const seqs = envelope.t === 'users' ? envelope.seqs : undefined;
    if (envelope.t === 'users' && seqs) {
      // Each person's own seq: serialised once, then a payload per person.
      envelope.ids.forEach((id, i) => {
        const clients = this.sockets.ofUser(id);
        const seq = seqs[i]!;
        if (clients.length) this.fanout.enqueue({ clients, out: { payload: Buffer.from(withSeq(envelope.data, seq)), frame: null, seq }, next: 0 });
      });
      return;
    }
    const clients =
      envelope.t === 'users'
        ? this.sockets.recipients({ users: envelope.ids })
        : this.sockets.recipients({ event: envelope.id, only: envelope.only, except: envelope.except });
    // Encoded and framed once for every socket (a group message can go to thousands).
    if (clients.length) this.fanout.enqueue({ clients, out: { payload: Buffer.from(envelope.data), frame: null }, next: 0 });
  }

  /** Resolves once everything delivered so far is written (a fan-out spans turns: FANOUT_SLICE). */
  allSent(): Promise<void> {
    return this.fanout.allSent();
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
    if (this.sockets.remove(client) && !this.closed) this.bus.setPresent(client.userId, false);
    if (client.session) {
      const n = (this.bySession.get(client.session.key) ?? 1) - 1;
      if (n > 0) this.bySession.set(client.session.key, n);
      else {
        this.bySession.delete(client.session.key);
        if (!this.closed) this.bus.setPresent(sessionPresence(client.session.key), false);
      }
    }
  }
}
