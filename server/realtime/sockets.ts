/** This instance's live sockets as the hub holds them: the socket, its user, its session, its events. */

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

/** `readyState` of a socket that is open (the WebSocket standard). */
export const OPEN = 1;

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
  /**
   * Until the socket is greeted (its last seq read, and with `?after=` its replay): what is
   * delivered to it meanwhile, written around `caught_up` in order of seq, less what the
   * replay already sent (Hub.greet, replay.ts).
   */
  held?: Array<{ seq?: number; payload: Buffer }> | null;
  /** The last seq written to the socket (or that it was told it is caught up to): a live copy of it or of one before, arriving late, is not written again. */
  floor?: number;
}

/** This instance's sockets, by user and by event audience. */
export class SocketRegistry {
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private readonly byEvent = new Map<string, Set<LiveClient>>();

  /** Adds a socket; true when it is its user's first on this instance. */
  add(client: LiveClient): boolean {
    const mine = this.byUser.get(client.userId);
    if (mine) {
      mine.add(client);
      return false;
    }
    this.byUser.set(client.userId, new Set([client]));
    return true;
  }

  /** Adds the socket to an event's audience. */
  join(client: LiveClient, eventId: string): void {
    client.events.add(eventId);
    let audience = this.byEvent.get(eventId);
    if (!audience) {
      audience = new Set();
      this.byEvent.set(eventId, audience);
    }
    audience.add(client);
  }

  /** Removes a socket from its user and its audiences; true when it was its user's last on this instance. */
  remove(client: LiveClient): boolean {
    for (const eventId of client.events) {
      const audience = this.byEvent.get(eventId);
      if (!audience) continue;
      audience.delete(client);
      if (audience.size === 0) this.byEvent.delete(eventId);
    }
    const mine = this.byUser.get(client.userId);
    if (!mine) return false;
    mine.delete(client);
    if (mine.size > 0) return false;
    this.byUser.delete(client.userId);
    return true;
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** The user's sockets, as a list that stays as it is while they are closed. */
  ofUser(userId: string): LiveClient[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Every socket, as a list that stays as it is while they are closed. */
  all(): LiveClient[] {
    const clients: LiveClient[] = [];
    for (const set of this.byUser.values()) for (const client of set) clients.push(client);
    return clients;
  }

  /** The sockets of these users, or of an event's audience (only some users of it, or all but some). */
  recipients(to: { users: readonly string[] } | { event: string; only?: readonly string[]; except?: readonly string[] }): LiveClient[] {
    const clients: LiveClient[] = [];
    if ('users' in to) {
      for (const id of to.users) for (const client of this.byUser.get(id) ?? []) clients.push(client);
      return clients;
    }
    const audience = this.byEvent.get(to.event);
    if (!audience) return clients;
    const except = to.except ? new Set(to.except) : null;
    if (to.only) {
      // A few named users: look them up rather than walk an audience of thousands.
      for (const id of to.only) {
        if (except?.has(id)) continue;
        for (const client of this.byUser.get(id) ?? []) if (client.events.has(to.event)) clients.push(client);
      }
      return clients;
    }
    for (const client of audience) if (!except?.has(client.userId)) clients.push(client);
    return clients;
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
}
