/**
 * The seam every route publishes live messages through (SPEC 7 "Live channel").
 * Routes store first, then call these; the live-channel issue plugs sockets and the
 * Redis bus in behind this interface. Until a hub is attached, messages go nowhere,
 * which is harmless: the HTTP lists are the truth (DESIGN 6).
 */
export interface LiveMessage {
  type: string;
  [key: string]: unknown;
}

export interface Realtime {
  /** Deliver to every socket of each of these users, on any instance. */
  toUsers(userIds: readonly string[], message: LiveMessage): Promise<void>;
  /** Deliver to every socket that joined this event, on any instance. */
  toEvent(eventId: string, message: LiveMessage): Promise<void>;
  /** Close every socket of this user (sessions ended, banned, deleted). */
  disconnectUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

export const silentRealtime: Realtime = {
  toUsers: async () => {},
  toEvent: async () => {},
  disconnectUser: async () => {},
  close: async () => {},
};
