/**
 * Contact cards (issue 18 item 5): every POST /contact-exchange is a card offered to one
 * person; GET /cards lists the cards offered to me, keep and decline are mine alone (a
 * decline is private), GET /cards/shared lists what I shared, and DELETE /cards/{id}
 * takes it back at once (live `card_revoked`). Anyone else's card answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CARD_NOT_FOUND, CardSchema, SharedCardSchema } from '../../../contract/cards';
import { ANONYMOUS_NAME } from '../../../server/domain/visibility';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, makeEvent, meet, notificationsOf, openLive, setUser, unknownId } from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const share = async (from: TestUser, to: TestUser, exchange_type = 'social_media', contact_data: Record<string, string> = { instagram: '@rae', twitter: '@rae_t' }) => {
  const res = await as(t.app, from).post(`/api/contact-exchange?user_id=${from.user.id}`, { to_user: to.user.id, exchange_type, contact_data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().exchange.id as string;
};
const cards = async (u: TestUser) => {
  const res = await as(t.app, u).get(`/api/cards?user_id=${u.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(CardSchema).parse(res.json());
};
const shared = async (u: TestUser) => {
  const res = await as(t.app, u).get(`/api/cards/shared?user_id=${u.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(SharedCardSchema).parse(res.json());
};
const keep = (u: TestUser, id: string) => as(t.app, u).post(`/api/cards/${id}/keep?user_id=${u.user.id}`, {});
const decline = (u: TestUser, id: string) => as(t.app, u).post(`/api/cards/${id}/decline?user_id=${u.user.id}`, {});
const revoke = (u: TestUser, id: string) => as(t.app, u).delete(`/api/cards/${id}?user_id=${u.user.id}`);

/** Two people who met (connected), so either may share with the other. */
async function pair(): Promise<[TestUser, TestUser]> {
  const a = await registerUser(t.app);
  const b = await registerUser(t.app);
  await meet(t.database.db, a, b);
  return [a, b];
}

describe('GET /api/cards', () => {
  it('lists the cards offered to me, newest first, with only the fields the sender chose, not yet kept', async () => {
    const [a, b] = await pair();
    const first = await share(a, b, 'email', { email: 'rae@example.com' });
    t.clock.advance(1000);
    const second = await share(a, b);
    const list = await cards(b);
    expect(list.map((c) => c.id)).toEqual([second, first]);
    expect(list[0]).toMatchObject({
      from_user: a.user.id,
      from_name: a.user.name,
      exchange_type: 'social_media',
      contact_data: { instagram: '@rae', twitter: '@rae_t' },
      event_id: null,
      kept: false,
    });
    // The sender's own Cards hold nothing: they offered, they were not offered.
    expect(await cards(a)).toEqual([]);
  });

  it('is empty for someone offered nothing', async () => {
    const a = await registerUser(t.app);
    expect(await cards(a)).toEqual([]);
  });

  it('leaves out cards from people blocked either way, and shows them again after an unblock', async () => {
    const [a, b] = await pair();
    const [c] = [await registerUser(t.app)];
    await meet(t.database.db, c!, b);
    await share(a, b);
    await share(c!, b);
    await block(t.database.db, b.user.id, a.user.id);
    await block(t.database.db, c!.user.id, b.user.id);
    expect(await cards(b)).toEqual([]);
  });

  it('answers 401 without a session and 403 acting as someone else', async () => {
    const [a, b] = await pair();
    expect((await t.app.inject({ method: 'GET', url: `/api/cards?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/cards?user_id=${b.user.id}`)).statusCode).toBe(403);
  });
});

describe('POST /api/cards/{id}/keep', () => {
  it('keeps a card for its recipient; keeping it again changes nothing', async () => {
    const [a, b] = await pair();
    const id = await share(a, b);
    expect((await keep(b, id)).json()).toEqual({ success: true });
    expect((await keep(b, id)).statusCode).toBe(200);
    expect((await cards(b))[0]).toMatchObject({ id, kept: true });
  });

  it("answers 404 to the sender, a third person, an unknown id, and for a declined or revoked card", async () => {
    const [a, b] = await pair();
    const c = await registerUser(t.app);
    const id = await share(a, b);
    for (const [who, card] of [
      [a, id],
      [c, id],
      [b, unknownId()],
    ] as const) {
      const res = await keep(who, card);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(refusalOf(CARD_NOT_FOUND));
    }
    expect((await decline(b, id)).statusCode).toBe(200);
    expect((await keep(b, id)).statusCode).toBe(404);
    const other = await share(a, b);
    expect((await revoke(a, other)).statusCode).toBe(200);
    expect((await keep(b, other)).statusCode).toBe(404);
  });

  it('answers 404 for a card from someone blocked either way', async () => {
    const [a, b] = await pair();
    const id = await share(a, b);
    await block(t.database.db, a.user.id, b.user.id);
    expect((await keep(b, id)).statusCode).toBe(404);
    expect((await decline(b, id)).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not one', async () => {
    const [, b] = await pair();
    const res = await keep(b, 'not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^id: /);
  });
});

describe('POST /api/cards/{id}/decline', () => {
  it('takes the card off my list for good; the sender sees no change', async () => {
    const [a, b] = await pair();
    const id = await share(a, b);
    await keep(b, id);
    const before = await shared(a);
    expect((await decline(b, id)).json()).toEqual({ success: true });
    expect(await cards(b)).toEqual([]);
    // A decline is private: Shared with is exactly as it was.
    expect(await shared(a)).toEqual(before);
    expect((await decline(b, id)).statusCode).toBe(404);
  });

  it('is for the recipient only: 404 for the sender or anyone else', async () => {
    const [a, b] = await pair();
    const c = await registerUser(t.app);
    const id = await share(a, b);
    expect((await decline(a, id)).statusCode).toBe(404);
    expect((await decline(c, id)).statusCode).toBe(404);
    expect((await cards(b)).map((x) => x.id)).toEqual([id]);
  });

  it('tells the sender nothing live', async () => {
    const [a, b] = await pair();
    const id = await share(a, b);
    const la = await openLive(t.app, a);
    try {
      await decline(b, id);
      await la.sync();
      expect(la.messages).toEqual([]);
    } finally {
      la.close();
    }
  });
});

describe('GET /api/cards/shared', () => {
  it('lists what I shared, with whom and which fields, newest first', async () => {
    const [a, b] = await pair();
    const c = await registerUser(t.app);
    await meet(t.database.db, a, c);
    const toB = await share(a, b, 'business_card', { linkedin: 'linkedin.com/in/rae', company: 'Quiet Co' });
    t.clock.advance(1000);
    const toC = await share(a, c, 'phone', { phone: '+44 20 7946 0000' });
    expect(await shared(a)).toEqual([
      { id: toC, to_user: c.user.id, to_name: c.user.name, fields: ['phone'], created_at: expect.any(String) },
      { id: toB, to_user: b.user.id, to_name: b.user.name, fields: ['linkedin', 'company'], created_at: expect.any(String) },
    ]);
    expect(await shared(b)).toEqual([]);
  });

  it('keeps a card to someone blocked either way, unnamed, so it can still be taken back', async () => {
    const [a, b] = await pair();
    const id = await share(a, b);
    await block(t.database.db, b.user.id, a.user.id);
    const [row] = await shared(a);
    expect(row).toMatchObject({ id, to_user: b.user.id, to_name: ANONYMOUS_NAME });
    expect((await revoke(a, id)).statusCode).toBe(200);
    expect(await shared(a)).toEqual([]);
  });

  it('names a stranger who hides from lists as the chat does', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await makeEvent(t.database.db, [a.user.id, b.user.id]);
    await share(a, b);
    await setUser(t.database.db, b.user.id, { visibilityMode: 'private' });
    t.app.lifecycle.emit('user.changed', b.user.id);
    expect((await shared(a))[0]!.to_name).toBe(ANONYMOUS_NAME);
  });
});

describe('DELETE /api/cards/{id}', () => {
  it('takes the card back: gone from their list at once, live, and from my Shared with', async () => {
    const [a, b] = await pair();
    const keepMe = await share(a, b, 'email', { email: 'rae@example.com' });
    const id = await share(a, b);
    await keep(b, id);
    const lb = await openLive(t.app, b);
    try {
      expect((await revoke(a, id)).json()).toEqual({ success: true });
      await lb.sync();
      expect(lb.ofType('card_revoked')).toEqual([{ type: 'card_revoked', id }]);
    } finally {
      lb.close();
    }
    expect((await cards(b)).map((c) => c.id)).toEqual([keepMe]);
    expect((await shared(a)).map((c) => c.id)).toEqual([keepMe]);
    expect((await revoke(a, id)).statusCode).toBe(404);
  });

  it('works on a card its recipient declined, exactly as on any other (the decline stays private)', async () => {
    const [a, b] = await pair();
    const id = await share(a, b);
    await decline(b, id);
    expect((await revoke(a, id)).statusCode).toBe(200);
  });

  it('is for the sender only: 404 for the recipient, anyone else and an unknown id; the card stays', async () => {
    const [a, b] = await pair();
    const c = await registerUser(t.app);
    const id = await share(a, b);
    for (const [who, card] of [
      [b, id],
      [c, id],
      [a, unknownId()],
    ] as const) {
      const res = await revoke(who, card);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(refusalOf(CARD_NOT_FOUND));
    }
    expect((await cards(b)).map((x) => x.id)).toEqual([id]);
  });

  it("leaves the recipient's notification without the details, as it always was", async () => {
    const [a, b] = await pair();
    const id = await share(a, b, 'phone', { phone: '+44 20 7946 0000' });
    await revoke(a, id);
    const [note] = await notificationsOf(t.database.db, b.user.id);
    expect(note).toMatchObject({ kind: 'contact_exchange', link: '/cards' });
    expect(`${note!.title} ${note!.content}`).not.toContain('7946');
  });
});

describe('POST /api/contact-exchange feeds the lists', () => {
  it('a card shared at an event carries the event, and links the notification to Cards', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    const res = await as(t.app, a).post(`/api/contact-exchange?user_id=${a.user.id}`, {
      to_user: b.user.id,
      exchange_type: 'email',
      contact_data: { email: 'rae@example.com' },
      event_id: event.id,
    });
    const id = res.json().exchange.id;
    expect(await cards(b)).toEqual([expect.objectContaining({ id, event_id: event.id, contact_data: { email: 'rae@example.com' } })]);
    expect((await shared(a))[0]).toMatchObject({ id, fields: ['email'] });
  });
});
