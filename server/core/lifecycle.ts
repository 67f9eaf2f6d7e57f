/**
 * What happened that other parts must react to, emitted once the change is stored. It
 * lives here, below every floor, so the caches and use cases that follow or emit these
 * events name them without importing the app that creates the emitter.
 * - 'user.sessionsEnded': a user's sessions were revoked (password change, ban,
 *   deactivation, deletion); their sockets close, kept sessions and copies are read again;
 * - 'user.changed': a user's row changed in a way others may see or that their kept
 *   session must reflect (profile, settings, plan, a ban lifted, reactivation);
 * - 'relation.changed': a connection or block between two users came or went;
 * - 'request.changed': a connection request between two users came, was declined or was
 *   released (their relations and request lists change; what others see of them does not);
 * - 'event.joined': someone joined an event;
 * - 'event.changed': an event was made, edited (its zones and organizers among it) or cancelled;
 * - 'conversation.read': a reader marked a conversation read (kind, its id, the mark's time
 *   in ms as a string): each instance marks its kept inbox in place (use-cases/conversations.ts);
 * - 'kept.changed': what kept reads were read from changed (cache/kept.ts: tags);
 * - 'chat.sent': a one-to-one message was stored: every instance shows it in both people's
 *   kept inboxes in place (use-cases/conversations.ts), the others from the message the
 *   bus carries (without it they would read both inboxes again for every message);
 * - 'position.kept': a position report was kept (event id, user id, PositionNote): every
 *   instance's copy of the event's people takes it in place (cache/event-people.ts).
 * Each is also announced to the other instances over the live bus (see app.ts), where
 * it is emitted again so their kept copies follow at once rather than at their expiry.
 */
import type { EventEmitter } from 'node:events';
import type { ChatMessage } from '../../contract/social';

export type UserEvent = 'user.sessionsEnded' | 'user.changed';

/** A position report as others' distances and zones will judge it (cache/event-people.ts noteZonePresence). */
export interface PositionNote {
  /** When it was reported (ms). */
  at: number;
  /** The position others' distances come from, or null (not shared). */
  fix: { latitude: number; longitude: number; at: number } | null;
  /** Hidden by a restricted zone. */
  restricted: boolean;
  /** Since when they are in a quiet zone (ms), or null. */
  quietAt: number | null;
  /** Whether others may be told of that quiet zone. */
  quietTold: boolean;
}

export interface Lifecycle extends EventEmitter {
  on(event: UserEvent, listener: (userId: string) => void): this;
  on(event: 'relation.changed' | 'request.changed', listener: (a: string, b: string) => void): this;
  on(event: 'event.joined', listener: (eventId: string, userId: string) => void): this;
  on(event: 'event.changed', listener: (eventId: string) => void): this;
  on(event: 'kept.changed', listener: (tags: string[]) => void): this;
  on(event: 'conversation.read', listener: (readerId: string, kind: string, id: string, atMs: string) => void): this;
  on(event: 'chat.sent', listener: (message: ChatMessage) => void): this;
  on(event: 'position.kept', listener: (eventId: string, userId: string, note: PositionNote) => void): this;
  off(event: UserEvent, listener: (userId: string) => void): this;
  off(event: 'relation.changed' | 'request.changed', listener: (a: string, b: string) => void): this;
  off(event: 'event.joined', listener: (eventId: string, userId: string) => void): this;
  off(event: 'event.changed', listener: (eventId: string) => void): this;
  off(event: 'kept.changed', listener: (tags: string[]) => void): this;
  off(event: 'conversation.read', listener: (readerId: string, kind: string, id: string, atMs: string) => void): this;
  off(event: 'chat.sent', listener: (message: ChatMessage) => void): this;
  off(event: 'position.kept', listener: (eventId: string, userId: string, note: PositionNote) => void): this;
  emit(event: UserEvent, userId: string): boolean;
  emit(event: 'relation.changed' | 'request.changed', a: string, b: string): boolean;
  emit(event: 'event.joined', eventId: string, userId: string): boolean;
  emit(event: 'event.changed', eventId: string): boolean;
  emit(event: 'kept.changed', tags: string[]): boolean;
  emit(event: 'conversation.read', readerId: string, kind: string, id: string, atMs: string): boolean;
  emit(event: 'chat.sent', message: ChatMessage): boolean;
  emit(event: 'position.kept', eventId: string, userId: string, note: PositionNote): boolean;
}
