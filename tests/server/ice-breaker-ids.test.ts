/**
 * An ice breaker's id is its content's (iceBreakerId): lists offer them without reading
 * or storing anything, and a row is stored only when a chat message uses one, once
 * however many messages use it at once (the ice_breakers_suggestion constraint,
 * migration 0010). Migration 0011 gave the rows stored before the same ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { IceBreakerSchema } from '../../contract/discovery';
import { chatMessages, iceBreakers } from '../../server/db/schema';
import { iceBreakerId } from '../../server/domain/ice-breakers';
import { registerUser, testApp, type TestApp, type TestUser } from './helpers';
import { as, meet, setUser } from './social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const breakers = async (me: TestUser, otherId: string, eventId: string | null = null) => {
  const res = await as(t.app, me).get(`/api/ice-breakers/${otherId}?user_id=${me.user.id}${eventId ? `&event_id=${eventId}` : ''}`);
  expect(res.statusCode).toBe(200);
  return z.array(IceBreakerSchema).parse(res.json());
};
const sendBreaker = (me: TestUser, to: TestUser, ib: { id: string; suggestion_text: string }, eventId: string | null = null) =>
  as(t.app, me).post(`/api/chat/send?user_id=${me.user.id}`, {
    to_user: to.user.id,
    message: ib.suggestion_text,
    message_type: 'ice_breaker',
    ice_breaker_id: ib.id,
    event_id: eventId,
  });
const storedOf = (userA: string) => t.database.db.select().from(iceBreakers).where(eq(iceBreakers.userA, userA));

describe('ice breaker ids', () => {
  it('are their content’s, in every list, and a list stores nothing', async () => {
    const a = await registerUser(t.app, { interests: ['jazz', 'hiking'] });
    const b = await registerUser(t.app, { interests: ['jazz'], occupation: 'Nurse' });
    const event = await meet(t.database.db, a, b);
    const atEvent = await breakers(a, b.user.id, event.id);
    const nowhere = await breakers(a, b.user.id);
    for (const [list, eventId] of [[atEvent, event.id], [nowhere, null]] as const) {
      expect(list.length).toBeGreaterThanOrEqual(3);
      for (const ib of list) expect(ib.id).toBe(iceBreakerId(a.user.id, b.user.id, eventId, ib.suggestion_text));
    }
    // The same text at another event, or towards someone else, is another suggestion.
    expect(new Set([...atEvent, ...nowhere].map((ib) => ib.id)).size).toBe(atEvent.length + nowhere.length);
    const nearby = await as(t.app, a).get(`/api/discover/${event.id}?user_id=${a.user.id}`);
    const entry = (nearby.json() as Array<{ user: { id: string }; ice_breakers: unknown[] }>).find((e) => e.user.id === b.user.id)!;
    expect(entry.ice_breakers).toEqual(atEvent);
    expect(await storedOf(a.user.id)).toEqual([]);
  });

  it('nearby people offers the lists as they are now, after a change to either person', async () => {
    const a = await registerUser(t.app, { interests: ['jazz', 'hiking'] });
    const b = await registerUser(t.app, { interests: ['jazz'], occupation: 'Nurse' });
    const event = await meet(t.database.db, a, b);
    const offeredNearby = async () => {
      const res = await as(t.app, a).get(`/api/discover/${event.id}?user_id=${a.user.id}`);
      return (res.json() as Array<{ user: { id: string }; ice_breakers: Array<{ suggestion_text: string }> }>).find((e) => e.user.id === b.user.id)!.ice_breakers;
    };
    const before = await offeredNearby();
    expect(before.some((ib) => /nurse/i.test(ib.suggestion_text))).toBe(true);
    expect(await offeredNearby()).toEqual(before);
    expect((await as(t.app, b).put(`/api/auth/profile?user_id=${b.user.id}`, { occupation: 'Librarian' })).statusCode).toBe(200);
    const after = await offeredNearby();
    expect(after).toEqual(await breakers(a, b.user.id, event.id));
    expect(after.some((ib) => /librarian/i.test(ib.suggestion_text))).toBe(true);
    expect(after.some((ib) => /nurse/i.test(ib.suggestion_text))).toBe(false);
  });

  it('a message stores the one it uses, once however many use it at once', async () => {
    const a = await registerUser(t.app, { interests: ['jazz'] });
    const b = await registerUser(t.app, { interests: ['jazz'] });
    const event = await meet(t.database.db, a, b);
    for (const eventId of [event.id, null]) {
      const [ib] = await breakers(a, b.user.id, eventId);
      const sent = await Promise.all([sendBreaker(a, b, ib!, eventId), sendBreaker(a, b, ib!, eventId), sendBreaker(a, b, ib!, eventId)]);
      for (const res of sent) {
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toMatchObject({ message_type: 'ice_breaker', ice_breaker_id: ib!.id });
      }
      const rows = (await storedOf(a.user.id)).filter((r) => r.eventId === eventId);
      expect(rows.map((r) => [r.id, r.userB, r.suggestionText, r.category])).toEqual([[ib!.id, b.user.id, ib!.suggestion_text, ib!.category]]);
    }
  });

  it('one no longer offered counts only if a message used it before', async () => {
    const a = await registerUser(t.app, { interests: ['jazz', 'chess'] });
    const b = await registerUser(t.app, { interests: ['jazz', 'chess'] });
    await meet(t.database.db, a, b);
    const [used, unused] = (await breakers(a, b.user.id)).filter((ib) => ib.category === 'shared_interest');
    expect((await sendBreaker(a, b, used!)).statusCode).toBe(200);
    await setUser(t.database.db, b.user.id, { showInterests: false });
    expect((await breakers(a, b.user.id)).map((ib) => ib.id)).not.toContain(unused!.id);
    expect((await sendBreaker(a, b, used!)).statusCode).toBe(200);
    const refused = await sendBreaker(a, b, unused!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('ice_breaker_id: is not an ice breaker of this chat');
  });

  it('migration 0011 gives the rows stored before, and the messages naming them, their content’s ids', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await meet(t.database.db, a, b);
    // Rows as the code before stored them: random ids.
    const row = (eventId: string | null, text: string) => ({ userA: a.user.id, userB: b.user.id, eventId, suggestionText: text, category: 'general' });
    const old = await t.database.db
      .insert(iceBreakers)
      .values([
        row(event.id, 'Hello there?'),
        row(null, 'Hello there?'),
        row(event.id, 'Café au lait — or tea? 🍵'),
        // Enough rows that every bit the id's hex is built from varies among them.
        ...Array.from({ length: 16 }, (_, i) => row(i % 2 ? null : event.id, `Question ${i}?`)),
      ])
      .returning();
    const [message] = await t.database.db
      .insert(chatMessages)
      .values({ fromUser: a.user.id, toUser: b.user.id, eventId: null, message: 'Hello there?', messageType: 'ice_breaker', iceBreakerId: old[1]!.id })
      .returning();

    const migration = readFileSync(new URL('../../server/db/migrations/0011_ice_breaker_ids.sql', import.meta.url), 'utf8');
    // As the migrator runs it: in one transaction (its scratch table goes at the commit).
    await t.database.db.transaction(async (tx) => {
      for (const s of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(s));
    });

    const after = await storedOf(a.user.id);
    expect(after.map((r) => r.id).sort()).toEqual(old.map((r) => iceBreakerId(r.userA, r.userB, r.eventId, r.suggestionText)).sort());
    const [named] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, message!.id));
    expect(named!.iceBreakerId).toBe(iceBreakerId(a.user.id, b.user.id, null, 'Hello there?'));
    // The messages' link is back, as it was: deleting the row clears the message's id.
    await t.database.db.delete(iceBreakers).where(eq(iceBreakers.id, named!.iceBreakerId!));
    const [cleared] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, message!.id));
    expect(cleared!.iceBreakerId).toBeNull();
  });

  it('migration 0010 keeps the first of stored twins and points their messages at it', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await meet(t.database.db, a, b);
    // A database from before the constraint: twins stored by two first visits at once.
    await t.database.db.execute(sql`alter table ice_breakers drop constraint ice_breakers_suggestion`);
    const at = (ms: number) => new Date(Date.parse('2026-11-25T09:00:00Z') + ms);
    const row = (ms: number, text: string) => ({ userA: a.user.id, userB: b.user.id, eventId: event.id, suggestionText: text, category: 'general', createdAt: at(ms) });
    const [first, twin, alone] = await t.database.db
      .insert(iceBreakers)
      .values([row(0, 'Hello there?'), row(5, 'Hello there?'), row(1, 'How are you finding it?')])
      .returning();
    const [message] = await t.database.db
      .insert(chatMessages)
      .values({ fromUser: a.user.id, toUser: b.user.id, eventId: event.id, message: 'Hello there?', messageType: 'ice_breaker', iceBreakerId: twin!.id })
      .returning();

    const migration = readFileSync(new URL('../../server/db/migrations/0010_ice_breakers_once.sql', import.meta.url), 'utf8');
    const statements = migration.split('--> statement-breakpoint').filter((s) => !/DROP INDEX/.test(s));
    for (const s of statements) await t.database.db.execute(sql.raw(s));

    const left = await t.database.db.select().from(iceBreakers).where(eq(iceBreakers.eventId, event.id));
    expect(left.map((r) => r.id).sort()).toEqual([first!.id, alone!.id].sort());
    const [after] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, message!.id));
    expect(after!.iceBreakerId).toBe(first!.id);
  });
});
