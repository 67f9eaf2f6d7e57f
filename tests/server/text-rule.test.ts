/**
 * DESIGN 3, "bad input never yields a 500", walked over the whole route table: every
 * string field of every route's body and querystring schema is sent once with a NUL
 * character (PostgreSQL text cannot hold one), by a caller the guard lets through, and
 * must be refused with a 4xx and a detail. Each route's input is valid without the NUL,
 * which the last request of each route proves, so the NUL is what is refused.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  blocks,
  businessCards,
  connectTokens,
  connectionRequests,
  contactExchanges,
  conversationMutes,
  events,
  meetings,
  notifications,
  photos,
  reports,
  safeZones,
  users,
} from '../../server/db/schema';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '../../contract/connect-words';
import { publicOrigin } from '../../server/config';
import { createEmailToken } from '../../server/db/repositories/email-tokens';
import { makeAdmin, type TestAdmin } from './admin-helpers';
import { SoftAuthenticator } from './soft-authenticator';
import { registerUser, testApp, uniqueName, type TestApp, type TestUser } from './helpers';
import { connect } from './media-helpers';
import { changedOutside, insertUsers, makeCommunity, makeEvent } from './social-helpers';

// Fastify offers no list of routes once built; its onRoute hook sees every one as it is
// added, so the factory buildApp calls is wrapped to add that hook first.
const routeTable = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const withRouteTable = ((opts?: Parameters<typeof real.default>[0]) =>
    real.default(opts).addHook('onRoute', (route) => {
      routeTable.push(route);
    })) as typeof real.default;
  return { ...real, default: withRouteTable, fastify: withRouteTable };
});

const NUL = '\u0000';

/** What a route is called with; `query` and `body` are walked, `params` name existing rows. */
interface Call {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

interface World {
  me: TestUser;
  admin: TestAdmin;
  /** Connected to me, attending the event. */
  friend: string;
  /** Attending the event, not connected to me. */
  stranger: string;
  eventId: string;
  chatId: string;
  communityId: string;
  photoId: string;
  /** An attendee who asked me to connect. */
  asker: string;
  requestId: string;
  /** A user under a ban, for unban. */
  banned: string;
  blocked: string;
  notificationId: string;
  /** A stranger's open report of the friend, for the moderator's calls. */
  reportId: string;
  /** An event an admin has hidden, for showing it again. */
  hiddenEventId: string;
  /** A safe zone of the event, which me organizes (issue 17). */
  zoneId: string;
  /** Contact cards (issue 18): one the friend offered me, one I offered the friend. */
  cardToMe: string;
  cardFromMe: string;
  /** A meeting the friend proposed to me (issue 19). */
  meetingId: string;
  /** The stranger's connect code, unused (issue 19). */
  strangerCode: string;
}

let t: TestApp;
let jpeg: string;

beforeAll(async () => {
  t = await testApp();
  const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
  jpeg = bytes.toString('base64');
});
afterAll(async () => t.close());

async function makeWorld(): Promise<World> {
  const { db } = t.app;
  const me = await registerUser(t.app);
  const admin = await makeAdmin(t.app);
  const [friend, stranger, asker] = await insertUsers(db, 3);
  const [banned] = await insertUsers(db, 1, { isBanned: true, bannedUntil: null, banReason: 'Spam' });
  const [blocked] = await insertUsers(db, 1);
  await db.insert(blocks).values({ blockerId: me.user.id, blockedId: blocked! });
  const event = await makeEvent(db, [me.user.id, friend!, stranger!, asker!]);
  // Me organizes it (issue 17), with one zone placed.
  await db.update(events).set({ createdBy: me.user.id }).where(eq(events.id, event.id));
  const [zone] = await db
    .insert(safeZones)
    .values({ eventId: event.id, name: 'Quiet room', zoneType: 'safe_space', latitude: 48.85, longitude: 2.35, radiusMeters: 20 })
    .returning({ id: safeZones.id });
  await connect(db, me.user.id, friend!, event.id);
  const community = await makeCommunity(db, event.id, [me.user.id]);
  const [photo] = await db
    .insert(photos)
    .values({ eventId: event.id, userId: friend!, photoData: jpeg, caption: null })
    .returning({ id: photos.id });
  const [request] = await db
    .insert(connectionRequests)
    .values({ fromUser: asker!, toUser: me.user.id, eventId: event.id, message: null })
    .returning({ id: connectionRequests.id });
  const [note] = await db
    .insert(notifications)
    .values({
      userId: me.user.id,
      kind: 'system',
      title: 'Hello',
      titleCode: 'said.asWritten',
      titleParams: { text: 'Hello' },
      content: 'Welcome',
      contentCode: 'said.asWritten',
      contentParams: { text: 'Welcome' },
    })
    .returning({ id: notifications.id });
  await db.insert(businessCards).values({ userId: me.user.id, name: 'Nova Quinn' });
  const [report] = await db
    .insert(reports)
    .values({ reporterId: stranger!, reportedUserId: friend!, targetType: 'user', targetId: friend!, reason: 'spam' })
    .returning({ id: reports.id });
  const [cardToMe, cardFromMe] = await db
    .insert(contactExchanges)
    .values([
      { fromUser: friend!, toUser: me.user.id, exchangeType: 'email', contactData: { email: 'friend@example.com' } },
      { fromUser: me.user.id, toUser: friend!, exchangeType: 'phone', contactData: { phone: '+44 20 7946 0000' } },
    ])
    .returning({ id: contactExchanges.id });
  // I muted the friend's chat after a break (issue 18).
  await db.insert(conversationMutes).values({ userId: me.user.id, otherUserId: friend!, until: new Date(soon(3)) });
  const [meeting] = await db
    .insert(meetings)
    .values({ eventId: event.id, proposerId: friend!, inviteeId: me.user.id, proposedBy: friend!, startTime: new Date(soon(1)), durationMinutes: 15, place: 'Quiet room' })
    .returning({ id: meetings.id });
  const strangerCode = Array.from({ length: SHORT_CODE_LENGTH }, () => SHORT_CODE_ALPHABET[Math.floor(Math.random() * 32)]).join('');
  await db.insert(connectTokens).values({ nonce: randomUUID(), userId: stranger!, shortCode: strangerCode, expiresAt: new Date(soon(1)) });
  const hidden = await makeEvent(db, [me.user.id]);
  await db.update(events).set({ hiddenAt: new Date('2026-11-22T09:30:00Z'), hiddenReason: 'Spam' }).where(eq(events.id, hidden.id));
  return {
    me,
    admin,
    friend: friend!,
    stranger: stranger!,
    eventId: event.id,
    chatId: event.chatId,
    communityId: community.id,
    photoId: photo!.id,
    asker: asker!,
    requestId: request!.id,
    banned: banned!,
    blocked: blocked!,
    notificationId: note!.id,
    reportId: report!.id,
    hiddenEventId: hidden.id,
    zoneId: zone!.id,
    cardToMe: cardToMe!.id,
    cardFromMe: cardFromMe!.id,
    meetingId: meeting!.id,
    strangerCode,
  };
}

/** The row each `:id` names, by the path it is in. */
function paramsOf(url: string, w: World): Record<string, string> {
  const id = url.startsWith('/api/meetings/')
    ? w.meetingId
    : url.startsWith('/api/cards/')
    ? url === '/api/cards/:id'
      ? w.cardFromMe
      : w.cardToMe
    : url.startsWith('/api/admin/reports/')
    ? w.reportId
    : url.endsWith('/unhide')
      ? w.hiddenEventId
      : url.startsWith('/api/group-chats/')
        ? w.chatId
        : url.startsWith('/api/notifications/')
          ? w.notificationId
          : url.startsWith('/api/admin/users/')
            ? url.endsWith('/unban')
              ? w.banned
              : w.friend
            : url.startsWith('/api/micro-communities/')
              ? w.communityId
              : w.eventId;
  return {
    id,
    eventId: w.eventId,
    otherUserId: w.friend,
    userId: w.me.user.id,
    photoId: w.photoId,
    blocked_user_id: w.blocked,
    zoneId: w.zoneId,
  };
}

const soon = (hours: number) => new Date(Date.parse('2026-11-22T10:00:00Z') + hours * 3_600_000).toISOString();

/** Inputs beyond the acting id, for the routes that take any. */
const calls: Record<string, (w: World) => Call> = {
  'POST /api/auth/register': () => {
    const username = uniqueName();
    return {
      body: {
        username,
        name: 'Nova Quinn',
        email: `${username}@example.com`,
        password: 'secret123',
        interests: ['hiking'],
        age: 30,
        occupation: 'Designer',
        social_preferences: ['small groups'],
        personality_traits: ['curious'],
        communication_style: 'balanced',
      },
    };
  },
  'POST /api/auth/login': (w) => ({ body: { username_or_email: w.me.user.username, password: w.me.password } }),
  'PUT /api/auth/change-password': (w) => ({ query: { current_password: w.me.password, new_password: 'another123' } }),
  'PUT /api/auth/profile': () => ({
    body: {
      name: 'Nova Q',
      email: `${uniqueName()}@example.com`,
      age: 31,
      occupation: 'Potter',
      interests: ['clay'],
      social_preferences: ['one to one'],
      personality_traits: ['calm'],
      communication_style: 'introverted',
    },
  }),
  'POST /api/admin/login': (w) => ({ body: { username: w.admin.username, password: w.admin.password } }),
  'GET /api/admin/users': () => ({ query: { search: 'bulk', page: '1', limit: '10', filter_banned: 'false' } }),
  'POST /api/admin/users/:id/ban': (w) => ({
    body: { user_id: w.friend, reason: 'Rude to others', duration_days: 3, ban_type: 'temporary' },
  }),
  'POST /api/admin/users/:id/unban': () => ({ query: { reason: 'Appeal heard' } }),
  'POST /api/admin/users/:id/warning': () => ({ query: { reason: 'Please be kind' } }),
  'DELETE /api/admin/users/:id': () => ({ query: { reason: 'Asked to leave' } }),
  'DELETE /api/account': (w) => ({ body: { password: w.me.password } }),
  'PUT /api/admin/change-password': (w) => ({ query: { current_password: w.admin.password, new_password: 'Harbour77' } }),
  'PUT /api/admin/change-username': (w) => ({ query: { current_password: w.admin.password, new_username: uniqueName('adm') } }),
  'PUT /api/business-card': () => ({
    body: {
      name: 'Nova Quinn',
      title: 'Designer',
      company: 'Clayworks',
      email: 'nova@example.com',
      phone: '+1 555 0100',
      linkedin: 'https://www.linkedin.com/in/nova',
      website: 'https://nova.example.com',
      bio: 'Makes bowls.',
    },
  }),
  'GET /api/chat/:otherUserId': () => ({ query: { before: soon(1), limit: '20' } }),
  'GET /api/ice-breakers/:otherUserId': (w) => ({ query: { event_id: w.eventId } }),
  'POST /api/chat/send': (w) => ({
    body: { to_user: w.friend, message: 'Hello there', event_id: w.eventId, message_type: 'text', client_id: randomUUID() },
  }),
  'PUT /api/conversations/read': (w) => ({ body: { kind: 'direct', id: w.friend } }),
  'POST /api/contact-exchange': (w) => ({
    body: { to_user: w.friend, exchange_type: 'social_media', contact_data: { instagram: '@nova', twitter: '@novaq' }, event_id: w.eventId },
  }),
  'POST /api/connections/request': (w) => ({ body: { to_user_id: w.stranger, event_id: w.eventId, message: 'Hi, shall we talk?' } }),
  'POST /api/connections/requests/respond': (w) => ({ body: { request_id: w.requestId, action: 'accept' } }),
  'GET /api/connections/mutual': (w) => ({ query: { event_id: w.eventId } }),
  'POST /api/connections': (w) => ({ query: { user2: w.asker, event_id: w.eventId, connection_type: 'mutual_interest' } }),
  'GET /api/safe-zones/check/:eventId': () => ({ query: { latitude: '48.85', longitude: '2.35' } }),
  'POST /api/location/update': (w) => ({ body: { user_id: w.me.user.id, event_id: w.eventId, latitude: 48.85, longitude: 2.35 } }),
  'POST /api/events': () => ({
    body: {
      name: 'Quiet coffee',
      description: 'A calm morning',
      location: `Hall ${randomUUID().slice(0, 8)}`,
      event_type: 'networking',
      start_time: soon(24),
      end_time: soon(26),
      anxiety_friendly_features: [],
    },
  }),
  'GET /api/group-chats/:id/messages': () => ({ query: { before: soon(1), limit: '20' } }),
  'POST /api/group-chats/:id/messages': (w) => ({ body: { group_id: w.chatId, message: 'Hello all' } }),
  'POST /api/events/:id/photos': (w) => ({ body: { event_id: w.eventId, photo_data: jpeg, caption: 'The hall' } }),
  'PUT /api/auth/profile/photo': () => ({ body: { photo_data: jpeg } }),
  'POST /api/subscription/upgrade': () => ({ query: { plan_name: 'Premium' } }),
  'POST /api/users/search': () => ({
    body: { query: 'bulk', interests: ['hiking'], professional_industry: 'Design', communication_style: 'balanced', age_range: [18, 80] },
  }),
  'POST /api/users/block': (w) => ({ query: { block_user_id: w.stranger } }),
  'PUT /api/users/social-battery': () => ({ query: { battery_level: '7' } }),
  'PUT /api/users/privacy': () => ({ body: { visibility_mode: 'friends' } }),
  'PUT /api/users/availability': () => ({ query: { is_available: 'false' } }),
  'PUT /api/users/status': () => ({ body: { status: 'away', custom_message: 'Recharging', emoji: '☕', until: soon(2) } }),
  'PUT /api/users/opening-moves': () => ({ body: { prompts: ['Ask me about my sourdough', 'Tea or coffee?'] } }),
  'PUT /api/events/:id/recap/notes/:userId': (w) => ({ params: { userId: w.friend }, body: { note: 'Talked about moths' } }),
  'POST /api/chat/:otherUserId/rest': (w) => ({ body: { line_id: 'glad', language: 'en', event_id: w.eventId } }),
  'PUT /api/users/open-to-hello': () => ({ query: { open: 'true' } }),
  'POST /api/reports': (w) => ({ body: { target_type: 'user', target_id: w.friend, reason: 'spam', note: 'Sends the same link to everyone' } }),
  'GET /api/reports/mine': () => ({ query: { limit: '10', offset: '0' } }),
  'GET /api/admin/reports': () => ({ query: { status: 'open', page: '1', limit: '10' } }),
  'POST /api/admin/reports/:id/resolve': () => ({ body: { action: 'dismiss', reason: 'Looked at it: nothing wrong' } }),
  'GET /api/admin/events': () => ({ query: { page: '1', limit: '10' } }),
  'POST /api/admin/events/:id/hide': () => ({ body: { reason: 'Spam event' } }),
  'POST /api/admin/events/:id/unhide': () => ({ body: { reason: 'Appeal heard' } }),
  'DELETE /api/admin/events/:id': () => ({ query: { reason: 'Fake event' } }),
  'GET /api/admin/analytics': () => ({ query: { days: '7' } }),
  'PUT /api/events/:id': () => ({
    body: {
      name: 'Quiet tea',
      description: 'A calm afternoon',
      location: `Hall ${randomUUID().slice(0, 8)}`,
      event_type: 'networking',
      start_time: soon(24),
      end_time: soon(26),
      anxiety_friendly_features: ['quiet_spaces'],
      time_zone: 'Europe/Paris',
    },
  }),
  'DELETE /api/events/:id': () => ({ body: { reason: 'The venue flooded' } }),
  'POST /api/events/:id/safe-zones': () => ({
    body: { name: 'Nook', description: 'Soft chairs', zone_type: 'safe_space', latitude: 48.85, longitude: 2.35, radius_meters: 20 },
  }),
  'PUT /api/events/:id/safe-zones/:zoneId': () => ({ body: { name: 'Nook', description: 'Soft chairs', zone_type: 'other' } }),
  'POST /api/events/:id/micro-communities': () => ({ body: { name: 'Board games', description: 'Slow games', interest_tag: 'games' } }),
  'POST /api/events/:id/organizers': (w) => ({ body: { user_id_to_add: w.friend } }),
  'POST /api/events/:id/announcements': () => ({ body: { message: 'Doors open at 7' } }),
  'POST /api/chat/break': (w) => ({ body: { to_user: w.friend, line_id: 'later', mute_minutes: 60, event_id: w.eventId } }),
  'POST /api/connect/scan': (w) => ({ body: { short_code: w.strangerCode } }),
  'POST /api/meetings': (w) => ({
    body: { with_user_id: w.friend, event_id: w.eventId, start_time: soon(2), duration_minutes: 15, place: 'By the coffee urn' },
  }),
  'GET /api/meetings/free-slots': (w) => ({ query: { with_user_id: w.friend, event_id: w.eventId, duration_minutes: '15' } }),
  'POST /api/meetings/:id/respond': () => ({ body: { action: 'accept' } }),
  'POST /api/auth/passkeys/register/options': (w) => ({ body: { password: w.me.password } }),
  'POST /api/auth/password-reset': (w) => ({ body: { email: w.me.user.email } }),
  'POST /api/push/subscriptions': () => ({
    body: {
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
      language: 'de',
      previews: false,
      kinds: ['requests', 'messages'],
    },
  }),
  'DELETE /api/push/subscriptions': () => ({ body: { endpoint: 'https://fcm.googleapis.com/fcm/send/never-subscribed' } }),
};

/** A software authenticator's answer to a registration challenge made for `w.me`. */
async function passkeyAnswer(w: World, device: SoftAuthenticator) {
  const options = await t.app.inject({
    method: 'POST',
    url: `/api/auth/passkeys/register/options?user_id=${w.me.user.id}`,
    headers: w.me.headers,
    payload: { password: w.me.password },
  });
  return device.register(options.json()).response;
}

/** Adds a passkey on `device` for `w.me`, answering its id. */
async function addPasskey(w: World, device: SoftAuthenticator): Promise<string> {
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/auth/passkeys/register/verify?user_id=${w.me.user.id}`,
    headers: w.me.headers,
    payload: { name: 'My phone', response: await passkeyAnswer(w, device) },
  });
  expect(added.statusCode, added.body).toBe(200);
  return (added.json() as { id: string }).id;
}

/**
 * Inputs that need a step with the server first (a passkey's answer to a fresh challenge,
 * an emailed link's token): made once per route, before its requests.
 */
const prepared: Record<string, (w: World) => Promise<Call>> = {
  'POST /api/auth/passkeys/register/verify': async (w) => ({ body: { name: 'My phone', response: await passkeyAnswer(w, new SoftAuthenticator(publicOrigin(t.app.config))) } }),
  'POST /api/auth/passkeys/login/verify': async (w) => {
    const device = new SoftAuthenticator(publicOrigin(t.app.config));
    await addPasskey(w, device);
    const challenge = await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/login/options' });
    return { body: { response: device.assert(challenge.json()) } };
  },
  // Issue 43: a prompt on the card of an attendee I am not connected to.
  'DELETE /api/chat/:otherUserId/rest': async (w) => {
    const rested = await t.app.inject({ method: 'POST', url: `/api/chat/${w.friend}/rest?user_id=${w.me.user.id}`, headers: w.me.headers, payload: { line_id: 'glad' } });
    expect(rested.statusCode, rested.body).toBe(200);
    return {};
  },
  'POST /api/opening-moves/:id/answer': async (w) => {
    const id = randomUUID();
    await t.database.db.update(users).set({ openingMoves: [{ id, text: 'Tea or coffee?' }] }).where(eq(users.id, w.stranger));
    changedOutside(t.database.db, { users: [w.stranger] });
    return { params: { id }, body: { answer: 'Tea, always', event_id: w.eventId } };
  },
  'DELETE /api/auth/passkeys/:id': async (w) => ({ params: { id: await addPasskey(w, new SoftAuthenticator(publicOrigin(t.app.config))) } }),
  'POST /api/auth/password-reset/confirm': async (w) => ({
    body: {
      token: await createEmailToken(t.database.db, { userId: w.me.user.id, purpose: 'reset', email: w.me.user.email, now: new Date(), validMs: 60_000 }),
      new_password: 'another123',
    },
  }),
  'POST /api/auth/verify-email': async (w) => ({
    body: { token: await createEmailToken(t.database.db, { userId: w.me.user.id, purpose: 'verify', email: w.me.user.email, now: new Date(), validMs: 60_000 }) },
  }),
};

const ACTING_USER_KEYS = ['user_id', 'from_user_id', 'user1'];

type Zod = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };
const isZod = (s: unknown): s is Zod => typeof s === 'object' && s !== null && '_zod' in s;

/** A step into a value: a key, an array index, or every key of a record. */
type Step = string | number | { eachKey: true };

/** Where a schema takes text. Unknown kinds throw, so a new kind of schema is not skipped quietly. */
function textPaths(schema: Zod, path: Step[] = []): Step[][] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return [path];
    case 'object':
      return Object.entries(def.shape as Record<string, Zod>).flatMap(([k, s]) => textPaths(s, [...path, k]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return textPaths(def.innerType as Zod, path);
    case 'pipe':
      return textPaths(def.in as Zod, path);
    case 'array':
      return textPaths(def.element as Zod, [...path, 0]);
    case 'record':
      return textPaths(def.valueType as Zod, [...path, { eachKey: true }]);
    case 'tuple':
      return (def.items as Zod[]).flatMap((s, i) => textPaths(s, [...path, i]));
    case 'union':
      return (def.options as Zod[]).flatMap((s) => textPaths(s, path));
    case 'number':
    case 'int':
    case 'boolean':
    case 'transform':
    case 'never':
      return [];
    default:
      throw new Error(`text-rule test: schema kind ${def.type} at ${path.join('.')} is not walked yet`);
  }
}

/** The paths made concrete against a call: a record's paths become one per key it has. */
function concrete(path: Step[], value: unknown, done: (string | number)[] = []): (string | number)[][] {
  const [step, ...rest] = path;
  if (step === undefined) return [done];
  if (typeof step === 'object') {
    const keys = value && typeof value === 'object' ? Object.keys(value) : [];
    return keys.flatMap((k) => concrete(rest, (value as Record<string, unknown>)[k], [...done, k]));
  }
  const next = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[step] : undefined;
  return concrete(rest, next, [...done, step]);
}

/** A copy of `value` with a NUL inside the text at `path` (made when the call leaves it out). */
function withNul(value: unknown, path: (string | number)[]): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return typeof value === 'string' && value.length > 0 ? `${value.slice(0, 1)}${NUL}${value.slice(1)}` : `a${NUL}b`;
  if (typeof step === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[step] = withNul(list[step], rest);
    return list;
  }
  const obj = value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
  obj[step] = withNul(obj[step], rest);
  return obj;
}

interface Walked {
  method: string;
  url: string;
  auth: string;
  query?: Zod;
  body?: Zod;
  /** The live channel: inject cannot upgrade, so its valid call is live.test.ts's, over a real socket. */
  websocket: boolean;
}

function walkedRoutes(): Walked[] {
  const out: Walked[] = [];
  for (const r of routeTable) {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const schema = r.schema ?? {};
    const query = isZod(schema.querystring) ? schema.querystring : undefined;
    const body = isZod(schema.body) ? schema.body : undefined;
    if (!query && !body) continue;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      out.push({ method, url: r.url, auth: (r.config as { auth?: string } | undefined)?.auth ?? 'user', query, body, websocket: !!(r as { websocket?: boolean }).websocket });
    }
  }
  return out;
}

function baseCall(route: Walked, w: World, ready?: Call): Required<Pick<Call, 'query' | 'params'>> & Call {
  const given = ready ?? calls[`${route.method} ${route.url}`]?.(w) ?? {};
  const shape = (route.query?._zod.def.shape ?? {}) as Record<string, unknown>;
  const acting: Record<string, string> = {};
  for (const key of Object.keys(shape)) {
    if (route.auth === 'admin' && key === 'admin_id') acting[key] = w.admin.id;
    if (route.auth === 'user' && ACTING_USER_KEYS.includes(key)) acting[key] = w.me.user.id;
  }
  return { ...given, params: { ...paramsOf(route.url, w), ...given.params }, query: { ...acting, ...given.query } };
}

function send(route: Walked, w: World, call: Call) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => call.params![name] ?? name);
  const headers = route.auth === 'admin' ? w.admin.headers : route.auth === 'user' ? w.me.headers : {};
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    query: call.query as Record<string, string>,
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
}

/**
 * A 400 whose detail starts with the field's path ("contact_data.twitter: ..."), or, for
 * an acting id, the guard's 403: it compares the id with the session's before validation.
 */
function refusedWell(status: number, detail: unknown, path: (string | number)[]): boolean {
  if (typeof detail !== 'string') return false;
  if (status === 400) return detail.startsWith(`${path.join('.')}: `);
  return status === 403 && [...ACTING_USER_KEYS, 'admin_id'].includes(String(path.at(-1)));
}

describe('a NUL character in any text a route takes', () => {
  it('finds the routes that take input, and has a valid call for each', () => {
    const routes = walkedRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const known = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect([...Object.keys(calls), ...Object.keys(prepared)].filter((k) => !known.has(k)), 'calls for routes that no longer exist').toEqual([]);
  });

  it('is refused with a 400 naming the field (or the guard\'s 403 for an acting id), never a 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of walkedRoutes()) {
      const w = await makeWorld();
      const ready = await prepared[`${route.method} ${route.url}`]?.(w);
      const base = baseCall(route, w, ready);
      const fields = [
        ...(route.query ? textPaths(route.query).flatMap((p) => concrete(p, base.query)).map((p) => ['query', ...p]) : []),
        ...(route.body ? textPaths(route.body).flatMap((p) => concrete(p, base.body)).map((p) => ['body', ...p]) : []),
      ];
      for (const [part, ...path] of fields) {
        // Made anew for each request: a NUL that got through must not spoil the next (a taken username).
        const fresh = baseCall(route, w, ready);
        const call = { ...fresh, [part!]: withNul(fresh[part as 'query' | 'body'], path) };
        const res = await send(route, w, call);
        sent++;
        const detail = (res.json() as { detail?: unknown }).detail;
        if (!refusedWell(res.statusCode, detail, path)) {
          failures.push(`${route.method} ${route.url} ${part}.${path.join('.')}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      // The same call without the NUL is accepted: the NUL was what the answers above refused.
      if (route.websocket) continue;
      const control = await send(route, w, baseCall(route, w, ready));
      if (control.statusCode >= 400) failures.push(`${route.method} ${route.url} without NUL: ${control.statusCode} ${control.body}`);
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    // A world per route (a few accounts, each a password hash), about 140 requests in all.
  }, 180_000);
});
