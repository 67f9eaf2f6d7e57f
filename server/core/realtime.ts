/**
 * The live-message port: what routes and use cases publish live messages through (SPEC 7
 * "Live channel"). realtime/hub.ts implements it with this instance's sockets and the bus
 * between instances; tests pass their own. Stored first, then published: the socket is a
 * hint and the HTTP lists are the truth (DESIGN 6).
 */
import { createHash } from 'node:crypto';

export interface LiveMessage {
  type: string;
  [key: string]: unknown;
}

export interface Realtime {
  /**
   * Deliver to every socket of each of these users, on any instance: each gets it with
   * their own next `seq`, and it is kept a while for a socket that reconnects with
   * `?after=` (realtime/replay.ts, issue 44).
   */
  toUsers(userIds: readonly string[], message: LiveMessage): Promise<void>;
  /**
   * Deliver to every socket that joined this event, on any instance, except those of
   * `exceptUsers` (people who blocked the sender or were blocked by them); with
   * `onlyUsers`, only to the joined sockets of those users (the few who may see who
   * the sender is, DESIGN 5). `location_update` is coalesced per event.
   */
  toEvent(eventId: string, message: LiveMessage, options?: EventAudience): Promise<void>;
  /**
   * Close every socket of this user (sessions ended, banned, deleted), or only those
   * opened with one session (`session`: its liveSessionKey; logout).
   */
  disconnectUser(userId: string, session?: string): Promise<void>;
  close(): Promise<void>;
  /** Whether the user has a live socket on any instance; absent means "not known". */
  isOnline?(userId: string): Promise<boolean>;
  /**
   * Whether a socket opened with this session (its liveSessionKey) is live on any instance:
   * a device whose app is open is not pushed to (issue 41). Absent means "not known".
   */
  isSessionOnline?(session: string): Promise<boolean>;
}

export interface EventAudience {
  onlyUsers?: readonly string[];
  exceptUsers?: readonly string[];
}

export const silentRealtime: Realtime = {
  toUsers: async () => {},
  toEvent: async () => {},
  disconnectUser: async () => {},
  close: async () => {},
};

/**
 * Names a session on the bus without giving away its token hash (which is what the
 * database holds): sockets are closed per session at logout, on every instance.
 */
export const liveSessionKey = (tokenHash: string): string =>
  createHash('sha256').update(`live-session:${tokenHash}`).digest('base64url').slice(0, 22);
