/**
 * Helpers of the connections, chat and live-channel tests. Events, attendance, blocks
 * and group chats are inserted with Drizzle directly, so these tests do not depend on
 * the events routes. `openLive` opens /ws/{userId} with `injectWS` and records what
 * arrives; `sync` proves everything published before it has arrived.
 */
import { keptReads } from '../../server/cache/kept';
import { tag } from '../../server/cache/tags';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { LiveServerMessageSchema, type LiveServerMessage } from '../../contract/live';
import type { Db } from '../../server/db/client';
import {
  blocks,
  connectionRequests,
  eventAttendees,
  events,
  groupChats,
  microCommunities,
  microCommunityMembers,
  notifications,
  users,
} from '../../server/db/schema';
import type { TestUser } from './helpers';
import { chatName, eventChatName } from '../../server/db/repositories/events';
import { asWritten } from '../../contract/said';

export const HOUR = 3_600_000;

/** An event (with its everyone chat) attended by `attendees`. */
export async function makeEvent(
  db: Db,
  attendees: string[] = [],
  opts: { name?: string; start?: Date } = {},
): Promise<{ id: string; chatId: string }> {
  const start = opts.start ?? new Date('2026-11-22T09:00:00Z');
  const name = opts.name ?? `Meetup ${randomUUID().slice(0, 6)}`;
  const [event] = await db
    .insert(events)
    .values({
      name,
      description: 'A calm evening',
      location: 'Library hall',
      eventType: 'networking',
      startTime: start,
      endTime: new Date(start.getTime() + 4 * HOUR),
    })
    .returning({ id: events.id });
  const [chat] = await db
    .insert(groupChats)
    .values({ eventId: event!.id, communityId: null, ...chatName(eventChatName({ event: name })) })
    .returning({ id: groupChats.id });
  await attend(db, event!.id, attendees);
  return { id: event!.id, chatId: chat!.id };
}

/**
 * A month-long event, going on from the test clock's start, attended by these people:
 * strangers may write to each other only while they share one that is not over (issue
 * 16). It has no group chat, so it adds nothing to anyone's Chats inbox.
 */
export async function meet(db: Db, ...people: Array<TestUser | string>): Promise<{ id: string }> {
  const start = new Date('2026-11-22T09:00:00Z');
  const [event] = await db
    .insert(events)
    .values({
      name: `Where they met ${randomUUID().slice(0, 6)}`,
      description: 'A long gathering',
      location: 'Town hall',
      eventType: 'networking',
      startTime: start,
      endTime: new Date(start.getTime() + 30 * 24 * HOUR),
    })
    .returning({ id: events.id });
  await attend(db, event!.id, people.map((p) => (typeof p === 'string' ? p : p.user.id)));
  return { id: event!.id };
}

export async function attend(db: Db, eventId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(eventAttendees).values(userIds.map((userId) => ({ eventId, userId })));
  changedOutside(db, { users: userIds, events: [eventId] });
}

/** A micro-community of the event with these members, and (unless `withChat` is false) its chat. */
export async function makeCommunity(
  db: Db,
  eventId: string,
  members: string[],
  opts: { name?: string; withChat?: boolean } = {},
): Promise<{ id: string; chatId: string | null }> {
  const name = opts.name ?? `Board games ${randomUUID().slice(0, 4)}`;
  const [c] = await db
    .insert(microCommunities)
    .values({ eventId, name, description: 'Play together', interestTag: 'games' })
    .returning({ id: microCommunities.id });
  if (members.length) await db.insert(microCommunityMembers).values(members.map((userId) => ({ communityId: c!.id, userId })));
  const chat =
    opts.withChat === false ? null : (await db.insert(groupChats).values({ eventId, communityId: c!.id, ...chatName(asWritten(name)) }).returning({ id: groupChats.id }))[0]!;
  changedOutside(db, { users: members, events: [eventId] });
  keptReads(db).changed([tag.groupChats]);
  return { id: c!.id, chatId: chat?.id ?? null };
}

/**
 * After a test writes straight to the database, the kept copies forget what it touched,
 * as they do when the app's own writes announce their changes (server/cache/kept.ts).
 */
export function changedOutside(db: Db, change: { users?: string[]; events?: string[] }): void {
  const users = change.users ?? [];
  keptReads(db).changed([...users.map(tag.user), ...users.map(tag.relations), ...(change.events ?? []).map(tag.event)]);
}

export async function block(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId });
  changedOutside(db, { users: [blockerId, blockedId] });
}

export async function setUser(db: Db, id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
  changedOutside(db, { users: [id] });
}

export async function notificationsOf(db: Db, userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));
}

export async function requestRow(db: Db, from: string, to: string) {
  const [row] = await db
    .select()
    .from(connectionRequests)
    .where(and(eq(connectionRequests.fromUser, from), eq(connectionRequests.toUser, to)));
  return row ?? null;
}

/** Users inserted directly (no session, no password hashing): fast targets for requests. */
export async function insertUsers(db: Db, n: number, patch: Partial<typeof users.$inferInsert> = {}): Promise<string[]> {
  const rows = Array.from({ length: n }, () => {
    const name = `bulk${randomUUID().slice(0, 12)}`;
    return { username: name, name: `Bulk ${name}`, email: `${name}@example.com`, passwordHash: 'not-a-login', ...patch };
  });
  const out = await db.insert(users).values(rows).returning({ id: users.id });
  return out.map((r) => r.id);
}

/** Requests made as one signed-in user. */
export function as(app: FastifyInstance, u: TestUser) {
  const headers = u.headers;
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown) =>
      app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
    put: (url: string, payload?: unknown) =>
      app.inject({ method: 'PUT', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/** A second id that exists nowhere. */
export const unknownId = (): string => randomUUID();

/**
 * An answer with the person's own connect code (GET /connect/code: a new single-use token
 * at every call, by design) written as placeholders, so probes that compare a person's
 * answers before and after something compare what could carry information.
 */
export const withoutFreshCodes = (body: string): string =>
  body.replace(/"token":"[^"]*","short_code":"[^"]*"/g, '"token":"…","short_code":"…"');

export interface Live {
  ws: WebSocket;
  /** Everything received, parsed and checked against the contract's union, without its `seq`. */
  messages: LiveServerMessage[];
  /** The `seq` of each message that had one, in the order received (issue 44); not `caught_up`'s. */
  seqs: number[];
  /** The seq of each `caught_up` (issue 44: every socket is told one), kept apart from `messages`. */
  caughtUp: number[];
  ofType<T extends LiveServerMessage['type']>(type: T): Extract<LiveServerMessage, { type: T }>[];
  /** Waits until a message of `type` matching `where` has arrived, and answers it. */
  next<T extends LiveServerMessage['type']>(
    type: T,
    where?: (m: Extract<LiveServerMessage, { type: T }>) => boolean,
  ): Promise<Extract<LiveServerMessage, { type: T }>>;
  /** Publishes a marker to this user and waits for it: anything published before has arrived. */
  sync(): Promise<void>;
  close(): void;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens /ws/{user.id} with the user's session cookie. */
export async function openLive(app: FastifyInstance, u: TestUser, after?: number): Promise<Live> {
  const messages: LiveServerMessage[] = [];
  const seqs: number[] = [];
  const caughtUp: number[] = [];
  const markers = new Set<string>();
  let resolveClosed!: (v: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((r) => (resolveClosed = r));
  const ws = await app.injectWS(`/ws/${u.user.id}${after === undefined ? '' : `?after=${after}`}`, { headers: { cookie: u.cookie } } as never, {
    onInit: (socket) => {
      socket.on('message', (data) => {
        const { seq, ...rest } = LiveServerMessageSchema.parse(JSON.parse(String(data))) as LiveServerMessage & { seq?: number };
        if (rest.type === 'caught_up') {
          caughtUp.push(seq!);
          return;
        }
        if (seq !== undefined) seqs.push(seq);
        const parsed = rest as LiveServerMessage;
        if (parsed.type === 'notification' && parsed.notification.title === '__sync__') {
          markers.add(parsed.notification.id);
          return;
        }
        messages.push(parsed);
      });
      socket.on('close', (code, reason) => resolveClosed({ code, reason: String(reason) }));
      // injectWS's client does not answer pings by itself; a browser does.
      socket.on('ping', (data) => socket.pong(data));
    },
  });
  const ofType = <T extends LiveServerMessage['type']>(type: T) =>
    messages.filter((m): m is Extract<LiveServerMessage, { type: T }> => m.type === type);
  return {
    ws,
    messages,
    seqs,
    caughtUp,
    ofType,
    async next(type, where = () => true) {
      let found: ReturnType<typeof ofType<typeof type>>[number] | undefined;
      await vi.waitFor(() => {
        found = ofType(type).find(where);
        expect(found, `a ${type} message`).toBeDefined();
      });
      return found!;
    },
    async sync() {
      const id = randomUUID();
      await app.realtime.toUsers([u.user.id], {
        type: 'notification',
        notification: {
          id,
          title: '__sync__',
          title_code: 'said.asWritten',
          title_params: { text: '__sync__' },
          content: '',
          content_code: 'said.asWritten',
          content_params: { text: '' },
          read: false,
          created_at: new Date().toISOString(),
          link: null,
        },
      });
      await vi.waitFor(() => expect(markers.has(id)).toBe(true));
    },
    close: () => ws.terminate(),
    closed,
  };
}

/** Sends join_event and waits until the hub has the socket in the event's audience. */
export async function joinEvent(app: FastifyInstance, live: Live, userId: string, eventId: string): Promise<void> {
  live.ws.send(JSON.stringify({ type: 'join_event', event_id: eventId }));
  await vi.waitFor(() => expect(app.hub.joinedEvents(userId)).toContain(eventId));
}
