/**
 * What kept reads depend on, by name (cache/kept.ts), and the one way a change reaches
 * them: a write announces the tags it changed (`announceKept`), or emits a lifecycle
 * event that `followKeptReads` turns into tags; both reach every instance, the others
 * over the live bus (server/app.ts).
 */
import type { EventEmitter } from 'node:events';
import type { Lifecycle } from '../core/lifecycle';
import { keptReads } from './kept';

export const tag = {
  /** The person's row, relations and memberships (events, communities). */
  user: (id: string) => `user:${id}`,
  /** The person's row as others see it: profile, settings, status, a ban ('user.changed', 'user.sessionsEnded'). */
  profile: (id: string) => `profile:${id}`,
  /** Whom the person blocked or was blocked by, and is connected to ('relation.changed'; all of it when their account ends). */
  relations: (id: string) => `relations:${id}`,
  /** The person joined the event ('event.joined'). */
  joined: (eventId: string, userId: string) => `joined:${eventId}:${userId}`,
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
  /** The event itself: made, edited (its zones and organizers among it) or cancelled ('event.changed'). */
  eventRow: (id: string) => `event-row:${id}`,
  /** Some event was made, edited or cancelled (the events list). */
  events: 'events',
  /** What an event's analytics count was stored on this instance (a message, a connection, a photo). */
  analytics: (eventId: string) => `analytics:${eventId}`,
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
  /** The person's calendar feed address: made or reset (issue 42). */
  calendarFeed: (id: string) => `calendar-feed:${id}`,
  /** A one-to-one message to or from the person was stored ('chat.sent', on every instance). */
  messages: (id: string) => `messages:${id}`,
  /** The chats resting for the person (issue 43 item 5). */
  rests: (id: string) => `rests:${id}`,
  /** The recap notes the person wrote (issue 43). */
  recapNotes: (id: string) => `recap-notes:${id}`,
};

/** Tells every instance (through the lifecycle and the live bus) that these tags changed. */
export function announceKept(ctx: { lifecycle: Lifecycle }, tags: string[]): void {
  if (tags.length) ctx.lifecycle.emit('kept.changed', tags);
}

/**
 * Keeps the kept reads in step with the app's changes (server/app.ts): the announced
 * tags, and the lifecycle's own changes under the tags they touch. Answers how to stop,
 * which waits for copies still loading in the background (they must not outlive the
 * database they read).
 */
export function followKeptReads(db: object, lifecycle: Lifecycle): () => Promise<void> {
  const kept = keptReads(db);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each listener takes its event's ids
  const listeners: [string, (...ids: any[]) => void][] = [
    ['kept.changed', (list: string[]) => kept.changed(list)],
    ['user.changed', (id: string) => kept.changed([tag.user(id), tag.profile(id)])],
    ['user.sessionsEnded', (id: string) => kept.changed([tag.user(id), tag.profile(id), tag.relations(id)])],
    ['relation.changed', (a: string, b: string) => kept.changed([tag.user(a), tag.user(b), tag.relations(a), tag.relations(b)])],
    ['request.changed', (a: string, b: string) => kept.changed([tag.requests(a), tag.requests(b)])],
    ['event.joined', (eventId: string, userId: string) => kept.changed([tag.event(eventId), tag.user(userId), tag.joined(eventId, userId)])],
    ['event.changed', (eventId: string) => kept.changed([tag.event(eventId), tag.eventRow(eventId), tag.events])],
  ];
  const emitter = lifecycle as EventEmitter;
  for (const [name, listener] of listeners) emitter.on(name, listener);
  return async () => {
    for (const [name, listener] of listeners) emitter.off(name, listener);
    await kept.settleReloads();
  };
}
