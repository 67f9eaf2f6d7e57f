import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ContactExchangeAnswerSchema, SAFE_SPACE_DETAIL } from '../../../contract/social';
import { contactExchanges } from '../../../server/db/schema';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, makeEvent, meet, notificationsOf, openLive, setUser, unknownId } from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const exchange = (from: TestUser, body: Record<string, unknown>) =>
  as(t.app, from).post(`/api/contact-exchange?user_id=${from.user.id}`, body);
const stored = (from: string) => t.database.db.select().from(contactExchanges).where(eq(contactExchanges.fromUser, from));

describe('POST /api/contact-exchange', () => {
  it.each([
    ['social_media', { instagram: '@rae', twitter: '@rae_t' }],
    ['business_card', { linkedin: 'linkedin.com/in/rae', company: 'Quiet Co' }],
    ['phone', { phone: '+44 20 7946 0000' }],
    ['email', { email: 'rae@example.com' }],
  ])('sends %s details, stores them and notifies the recipient', async (exchange_type, contact_data) => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    const res = await exchange(a, { to_user: b.user.id, exchange_type, contact_data, event_id: event.id });
    expect(res.statusCode).toBe(200);
    const answer = ContactExchangeAnswerSchema.parse(res.json());
    expect(answer.exchange).toMatchObject({
      from_user: a.user.id,
      from_name: a.user.name,
      to_user: b.user.id,
      exchange_type,
      contact_data,
      event_id: event.id,
    });
    const rows = await stored(a.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.contactData).toEqual(contact_data);
    const [note] = await notificationsOf(t.database.db, b.user.id);
    expect(note).toMatchObject({ kind: 'contact_exchange', title: 'Contact details shared with you' });
    expect(note!.content).toContain(a.user.name);
  });

  it("offers a stranger's card quietly to someone whose energy is low (issue 18), a connection's as ever", async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => registerUser(t.app)));
    const event = await makeEvent(t.database.db, [a!.user.id, b!.user.id, c!.user.id]);
    await setUser(t.database.db, b!.user.id, { socialBattery: 1 });
    t.app.lifecycle.emit('user.changed', b!.user.id);
    const lb = await openLive(t.app, b!);
    try {
      const share = (from: TestUser) => exchange(from, { to_user: b!.user.id, exchange_type: 'email', contact_data: { email: 'x@example.org' }, event_id: event.id });
      expect((await share(a!)).statusCode).toBe(200);
      await lb.sync();
      expect(lb.ofType('contact_exchange_request').at(-1)?.quiet).toBe(true);
      await setUser(t.database.db, b!.user.id, { socialBattery: 6 });
      t.app.lifecycle.emit('user.changed', b!.user.id);
      expect((await share(c!)).statusCode).toBe(200);
      await lb.sync();
      expect(lb.ofType('contact_exchange_request').at(-1)?.quiet).toBeUndefined();
    } finally {
      lb.close();
    }
  });

  it('keeps only the details filled in (trimmed)', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    const res = await exchange(a, { to_user: b.user.id, exchange_type: 'social_media', contact_data: { instagram: ' @rae ', twitter: '  ' } });
    expect(res.json().exchange.contact_data).toEqual({ instagram: '@rae' });
  });

  it.each([
    [{ exchange_type: 'fax', contact_data: { fax: '1' } }, /^exchange_type: must be one of social_media, business_card, phone, email/],
    [{ exchange_type: 'phone', contact_data: { phone: '1', email: 'a@b.co' } }, /^contact_data\.email: is not a detail of phone/],
    [{ exchange_type: 'social_media', contact_data: { linkedin: 'x' } }, /^contact_data\.linkedin: /],
    [{ exchange_type: 'email', contact_data: { email: 'not an email' } }, /^contact_data\.email: must be a valid email address/],
    [{ exchange_type: 'email', contact_data: {} }, /^contact_data: needs at least one of email/],
    [{ exchange_type: 'business_card', contact_data: { company: '', linkedin: ' ' } }, /^contact_data: needs at least one/],
    [{ exchange_type: 'phone', contact_data: { phone: '1'.repeat(201) } }, /^contact_data\.phone: must be at most 200/],
    [{ exchange_type: 'phone', contact_data: { phone: 5551234 } }, /^contact_data\.phone: /],
    [{ exchange_type: 'phone', contact_data: 'call me' }, /^contact_data: /],
    [{ exchange_type: 'phone', contact_data: { phone: '1' }, event_id: 'gala' }, /^event_id: /],
  ])('refuses %j with 400 naming the field', async (body, detail) => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await exchange(a, { to_user: b.user.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
    expect(await stored(a.user.id)).toHaveLength(0);
  });

  it('answers 400 for yourself, 404 for unknown or blocked, 403 in safe space, and checks the event', async () => {
    const a = await registerUser(t.app);
    const [b, c, d] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    const body = (to: string, extra = {}) => ({ to_user: to, exchange_type: 'phone', contact_data: { phone: '123' }, ...extra });
    const self = await exchange(a, body(a.user.id));
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toMatch(/^to_user: /);
    expect((await exchange(a, body(unknownId()))).statusCode).toBe(404);
    await block(t.database.db, b!.user.id, a.user.id);
    expect((await exchange(a, body(b!.user.id))).statusCode).toBe(404);
    await setUser(t.database.db, c!.user.id, { safeSpaceMode: true });
    const safe = await exchange(a, body(c!.user.id));
    expect(safe.statusCode).toBe(403);
    expect(safe.json()).toMatchObject(refusalOf(SAFE_SPACE_DETAIL));
    const notMine = await makeEvent(t.database.db, [d!.user.id]);
    expect((await exchange(a, body(d!.user.id, { event_id: notMine.id }))).statusCode).toBe(403);
    expect((await exchange(a, body(d!.user.id, { event_id: unknownId() }))).statusCode).toBe(404);
    expect(await stored(a.user.id)).toHaveLength(0);
    expect(await notificationsOf(t.database.db, b!.user.id)).toHaveLength(0);
  });

  it('answers 401 without a session and 403 acting as someone else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const body = { to_user: b.user.id, exchange_type: 'phone', contact_data: { phone: '1' } };
    expect((await t.app.inject({ method: 'POST', url: `/api/contact-exchange?user_id=${a.user.id}`, payload: body })).statusCode).toBe(401);
    expect((await as(t.app, a).post(`/api/contact-exchange?user_id=${b.user.id}`, body)).statusCode).toBe(403);
  });
});
