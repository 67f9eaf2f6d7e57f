/**
 * Web Push (issue 41 item 1) on loopback: a push service in the test (push-service.ts)
 * receives what the server sends, checks its VAPID signature and decrypts it with the
 * device's own keys. The service's origin is allowed with PUSH_ENDPOINT_ALLOW, as a
 * self-hosted push service would be.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { PushKeySchema, PushPayloadSchema } from '../../../contract/push';
import { DetailSchema } from '../../../contract/common';
import { events, pushSubscriptions } from '../../../server/db/schema';
import { notify } from '../../../server/use-cases/notify';
import { asWritten } from '../../../contract/said';
import { makeAdmin } from '../admin-helpers';
import { registerUser, sessionCookie, testApp, type TestApp, type TestUser } from '../helpers';
import { decryptPush, startPushService, verifyVapid, type Device, type PushService } from '../push-service';
import { as, makeEvent, openLive } from '../social-helpers';

/** contract/locales/de/server.po's notification.request.content, with the sender's name. */
const GERMAN_REQUEST = 'Ben Quiet möchte sich mit dir vernetzen.';

let t: TestApp;
let service: PushService;
let publicKey: string;

beforeAll(async () => {
  service = await startPushService();
  t = await testApp({ config: { pushEndpointAllow: [service.origin], vapidSubject: 'mailto:team@wallflower.test' }, push: { backoffMs: 5 } });
  publicKey = PushKeySchema.parse((await t.app.inject({ method: 'GET', url: '/api/push/key' })).json()).public_key;
});

afterAll(async () => {
  await t.close();
  await service.close();
});

const subscribe = (u: TestUser, body: unknown) => as(t.app, u).post(`/api/push/subscriptions?user_id=${u.user.id}`, body);

async function subscribed(u: TestUser, extra: Record<string, unknown> = {}): Promise<Device> {
  const device = service.device();
  const res = await subscribe(u, { ...device.json, expirationTime: null, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return device;
}

const pushesTo = (device: Device) => service.received.filter((r) => device.endpoint.endsWith(r.path));
const rowOf = async (endpoint: string) => (await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

/** A note to `u` as the app makes it, with its pushes done. */
async function tell(u: TestUser, over: Partial<Parameters<typeof notify>[2]> = {}) {
  const n = await notify(t.app, u.user.id, {
    kind: 'chat_message',
    title: asWritten('New message'),
    content: asWritten('Ben: see you at the coffee bar'),
    link: '/chats/someone',
    ...over,
  });
  await t.app.pushJobs.idle();
  return n;
}

async function signIn(u: TestUser): Promise<TestUser> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email: u.user.username, password: u.password } });
  const cookie = sessionCookie(res);
  return { ...u, cookie, headers: { cookie } };
}

describe('GET /api/push/key', () => {
  it('answers the VAPID public key, an uncompressed P-256 point, to anyone, the same at every call', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    const again = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(again.json()).toEqual({ public_key: publicKey });
  });

  it('answers the configured key when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const other = await testApp({ config: { vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey } });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/push/key' })).json()).toEqual({ public_key: keys.publicKey });
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/push/subscriptions', () => {
  it('needs a session (401) and the own id (403)', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const device = service.device();
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/push/subscriptions?user_id=${a.user.id}`, payload: device.json });
    expect(anonymous.statusCode).toBe(401);
    expect((await as(t.app, b).post(`/api/push/subscriptions?user_id=${a.user.id}`, device.json)).statusCode).toBe(403);
  });

  it.each([
    ['a site that is no push service', 'https://evil.example/push/1'],
    ['a push service host as a prefix of another', 'https://fcm.googleapis.com.evil.example/fcm/send/x'],
    ['a name that only ends like one', 'https://evilfcm.googleapis.com/fcm/send/x'],
    ['a push service over http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['credentials in the address', 'https://user:pw@fcm.googleapis.com/fcm/send/x'],
    ['the loopback on a port not allowed', 'http://127.0.0.1:1/push'],
    ['not an address', 'not a url'],
  ])('refuses %s with 400 and a detail, and never requests it', async (_, endpoint) => {
    const a = await registerUser(t.app);
    const before = service.received.length;
    const res = await subscribe(a, { endpoint, keys: service.device().json.keys });
    expect(res.statusCode).toBe(400);
    expect(DetailSchema.parse(res.json()).detail).toMatch(/^endpoint: /);
    expect(await rowOf(endpoint)).toBeUndefined();
    await tell(a);
    expect(service.received.length).toBe(before);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('keeps a browser push service endpoint (%s) without requesting it', async (endpoint) => {
    const a = await registerUser(t.app);
    const res = await subscribe(a, { endpoint, keys: service.device().json.keys });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(endpoint))?.userId).toBe(a.user.id);
  });

  it('keeps one subscription per session: a new endpoint from the same device replaces the previous one', async () => {
    const a = await registerUser(t.app);
    const first = await subscribed(a);
    const second = await subscribed(a);
    expect(await rowOf(first.endpoint)).toBeUndefined();
    expect((await rowOf(second.endpoint))?.userId).toBe(a.user.id);
    await tell(a);
    expect(pushesTo(first)).toHaveLength(0);
    expect(pushesTo(second)).toHaveLength(1);
  });

  it('refuses keys that are not base64url', async () => {
    const a = await registerUser(t.app);
    const device = service.device();
    const res = await subscribe(a, { endpoint: device.endpoint, keys: { p256dh: 'not base64!', auth: device.auth } });
    expect(res.statusCode).toBe(400);
  });

  it('moves an endpoint another account subscribed to the new one: the previous person gets no more pushes there', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const device = await subscribed(first);
    expect((await subscribe(second, device.json)).statusCode).toBe(200);
    expect((await rowOf(device.endpoint))?.userId).toBe(second.user.id);
    await tell(first);
    expect(pushesTo(device)).toHaveLength(0);
    await tell(second);
    expect(pushesTo(device)).toHaveLength(1);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('removes the own subscription, and leaves another account’s alone', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const device = await subscribed(a);
    const byB = await t.app.inject({ method: 'DELETE', url: `/api/push/subscriptions?user_id=${b.user.id}`, headers: b.headers, payload: { endpoint: device.endpoint } });
    expect(byB.statusCode).toBe(200);
    expect(await rowOf(device.endpoint)).toBeDefined();
    const byA = await t.app.inject({ method: 'DELETE', url: `/api/push/subscriptions?user_id=${a.user.id}`, headers: a.headers, payload: { endpoint: device.endpoint } });
    expect(byA.statusCode).toBe(200);
    expect(await rowOf(device.endpoint)).toBeUndefined();
  });
});

describe('a subscription belongs to its session', () => {
  it("logout removes that device's subscription, not the other devices'", async () => {
    const a = await registerUser(t.app);
    const phone = await subscribed(a);
    const laptopSession = await signIn(a);
    const laptop = await subscribed(laptopSession);
    await as(t.app, a).post(`/api/auth/logout?user_id=${a.user.id}`);
    expect(await rowOf(phone.endpoint)).toBeUndefined();
    expect(await rowOf(laptop.endpoint)).toBeDefined();
  });

  it("a password change removes all of the person's", async () => {
    const a = await registerUser(t.app);
    const phone = await subscribed(a);
    const laptop = await subscribed(await signIn(a));
    const res = await as(t.app, a).put(`/api/auth/change-password?user_id=${a.user.id}&current_password=${a.password}&new_password=another-one-2`);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(phone.endpoint)).toBeUndefined();
    expect(await rowOf(laptop.endpoint)).toBeUndefined();
  });

  it("deactivation removes all of the person's", async () => {
    const a = await registerUser(t.app);
    const phone = await subscribed(a);
    expect((await as(t.app, a).put(`/api/auth/deactivate?user_id=${a.user.id}`)).statusCode).toBe(200);
    expect(await rowOf(phone.endpoint)).toBeUndefined();
  });

  it("deleting the account removes all of the person's", async () => {
    const a = await registerUser(t.app);
    const phone = await subscribed(a);
    const admin = await makeAdmin(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${a.user.id}?admin_id=${admin.id}&reason=Asked`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(phone.endpoint)).toBeUndefined();
  });

  it("a ban removes all of the person's", async () => {
    const a = await registerUser(t.app);
    const phone = await subscribed(a);
    const admin = await makeAdmin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${a.user.id}/ban?admin_id=${admin.id}`,
      headers: admin.headers,
      payload: { user_id: a.user.id, reason: 'Spam', duration_days: 3, ban_type: 'temporary' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(phone.endpoint)).toBeUndefined();
  });
});

describe('what is pushed', () => {
  it('a connection request: signed with the server’s VAPID key, encrypted for the device, opening the request', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app, { name: 'Ben Quiet' });
    const event = await makeEvent(t.app.db, [a.user.id, b.user.id]);
    const device = await subscribed(a);
    const res = await as(t.app, b).post(`/api/connections/request?from_user_id=${b.user.id}`, { to_user_id: a.user.id, event_id: event.id, message: 'Hi' });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.pushJobs.idle();
    const [push] = pushesTo(device);
    expect(push).toBeDefined();
    const claims = verifyVapid(push!, publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:team@wallflower.test');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const payload = PushPayloadSchema.parse(decryptPush(device, push!));
    const [stored] = (await as(t.app, a).get(`/api/notifications/${a.user.id}`)).json() as Array<{ id: string; link: string }>;
    expect(payload).toEqual({ title: 'New connection request', body: 'Someone would like to connect. Open Wallflower to see who.', url: stored!.link, tag: stored!.id });
    expect(payload.url).toMatch(/^\/requests\//);
  });

  it('names the sender and quotes the message only where the device allows previews', async () => {
    const a = await registerUser(t.app);
    const plain = await subscribed(a);
    const previews = await subscribed(await signIn(a), { previews: true });
    await tell(a);
    expect(decryptPush(plain, pushesTo(plain)[0]!)).toMatchObject({ title: 'New message', body: 'Someone sent you a message.' });
    expect(decryptPush(previews, pushesTo(previews)[0]!)).toMatchObject({ title: 'New message', body: 'Ben: see you at the coffee bar' });
  });

  it('is written in the device’s language', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a, { language: 'de' });
    await tell(a, { kind: 'connection_request', link: '/requests/x' });
    const payload = PushPayloadSchema.parse(decryptPush(device, pushesTo(device)[0]!));
    expect(payload.title).toBe('Neue Kontaktanfrage');
    expect(payload.url).toBe('/requests/x');
  });

  it('with previews, says the notification itself in the device’s language, the sender named', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app, { name: 'Ben Quiet' });
    const event = await makeEvent(t.app.db, [a.user.id, b.user.id]);
    const device = await subscribed(a, { language: 'de', previews: true });
    const res = await as(t.app, b).post(`/api/connections/request?from_user_id=${b.user.id}`, { to_user_id: a.user.id, event_id: event.id, message: null });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.pushJobs.idle();
    expect(decryptPush(device, pushesTo(device)[0]!)).toMatchObject({ title: 'Neue Kontaktanfrage', body: GERMAN_REQUEST });
  });

  it('a moderator’s warning and an organisers’ announcement, each as its kind', async () => {
    const a = await registerUser(t.app);
    const organizer = await registerUser(t.app);
    const device = await subscribed(a, { kinds: ['moderation', 'announcements'] });
    const admin = await makeAdmin(t.app);
    const warned = await t.app.inject({ method: 'POST', url: `/api/admin/users/${a.user.id}/warning?admin_id=${admin.id}&reason=Be%20kind`, headers: admin.headers });
    expect(warned.statusCode, warned.body).toBe(200);
    await t.app.pushJobs.idle();
    expect(decryptPush(device, pushesTo(device)[0]!)).toMatchObject({ title: 'A note from the moderators', url: '/notifications' });

    const event = await makeEvent(t.app.db, [a.user.id, organizer.user.id]);
    await t.app.db.update(events).set({ createdBy: organizer.user.id }).where(eq(events.id, event.id));
    const told = await as(t.app, organizer).post(`/api/events/${event.id}/announcements?user_id=${organizer.user.id}`, { message: 'Doors open at 7' });
    expect(told.statusCode, told.body).toBe(200);
    await t.app.pushJobs.idle();
    expect(decryptPush(device, pushesTo(device)[1]!)).toMatchObject({ title: 'Announcement', url: `/events/${event.id}` });
  });

  it('only the kinds the device chose', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a, { kinds: ['meetings'] });
    await tell(a);
    expect(pushesTo(device)).toHaveLength(0);
    await tell(a, { kind: 'meeting_reminder', link: '/meetings' });
    expect(decryptPush(device, pushesTo(device)[0]!)).toMatchObject({ title: 'Meeting in 5 minutes', url: '/meetings' });
  });

  it('nothing while the session that subscribed has a live socket open; another device’s open app does not count', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a);
    const live = await openLive(t.app, a);
    await tell(a);
    expect(pushesTo(device)).toHaveLength(0);
    live.close();
    await live.closed;
    const elsewhere = await openLive(t.app, await signIn(a));
    await tell(a);
    expect(pushesTo(device)).toHaveLength(1);
    elsewhere.close();
  });

  it('a replay after a reconnect (issue 44) pushes nothing again: the note missed while away comes on the socket, once', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a);
    const note = await tell(a, { title: asWritten('While you were away') });
    expect(pushesTo(device)).toHaveLength(1);
    // Back, asking for everything since the start of its log: the note is replayed to the socket.
    const live = await openLive(t.app, a, 0);
    const replayed = await live.next('notification', (m) => m.notification.id === note.id);
    expect(replayed.notification.title).toBe('While you were away');
    await t.app.pushJobs.idle();
    expect(pushesTo(device)).toHaveLength(1);
    expect(live.ofType('notification').filter((m) => m.notification.id === note.id)).toHaveLength(1);
    live.close();
  });

  it('nothing from someone the person blocked', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    const device = await subscribed(a);
    expect((await as(t.app, a).post(`/api/users/block?user_id=${a.user.id}&block_user_id=${b.user.id}`)).statusCode).toBe(200);
    await tell(a, { fromUserId: b.user.id });
    expect(pushesTo(device)).toHaveLength(0);
    await tell(a, { fromUserId: c.user.id });
    expect(pushesTo(device)).toHaveLength(1);
  });

  it('nothing of a kind that is not pushed (a co-organizer note), nor what a break holds', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a);
    await tell(a, { kind: 'co_organizer' });
    const away = await as(t.app, a).put(`/api/users/status?user_id=${a.user.id}`, { status: 'away' });
    expect(away.statusCode, away.body).toBe(200);
    await tell(a);
    expect(pushesTo(device)).toHaveLength(0);
  });
});

describe('the push service’s answers', () => {
  it('a 410 removes the subscription', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a);
    service.answer(new URL(device.endpoint).pathname, 410);
    await tell(a);
    expect(pushesTo(device)).toHaveLength(1);
    expect(await rowOf(device.endpoint)).toBeUndefined();
  });

  it('a 404 removes it too', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a);
    service.answer(new URL(device.endpoint).pathname, 404);
    await tell(a);
    expect(await rowOf(device.endpoint)).toBeUndefined();
  });

  it('a 503 is tried again, and the subscription stays', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a);
    service.answer(new URL(device.endpoint).pathname, 503, 201);
    await tell(a);
    expect(pushesTo(device)).toHaveLength(2);
    expect(await rowOf(device.endpoint)).toBeDefined();
  });

  it('a slow push service never holds up the call that caused the push', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.app.db, [a.user.id, b.user.id]);
    const device = await subscribed(a);
    const release = service.hold(new URL(device.endpoint).pathname);
    const res = await as(t.app, b).post(`/api/connections/request?from_user_id=${b.user.id}`, { to_user_id: a.user.id, event_id: event.id, message: null });
    // Answered, while the push is still at the push service, unanswered.
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() => expect(pushesTo(device)).toHaveLength(1));
    let done = false;
    const idle = t.app.pushJobs.idle().then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    release();
    await idle;
  });

  it('a redirect is not followed', async () => {
    const a = await registerUser(t.app);
    const device = await subscribed(a);
    service.answer(new URL(device.endpoint).pathname, 307);
    const before = service.received.length;
    await tell(a);
    expect(service.received.length).toBe(before + 1);
    expect(service.received.some((r) => r.path === '/elsewhere')).toBe(false);
    expect(await rowOf(device.endpoint)).toBeDefined();
  });
});
