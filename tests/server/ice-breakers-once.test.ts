/**
 * Ice breakers are stored once per pair, event and suggestion by the database itself
 * (the ice_breakers_suggestion constraint, migration 0010), without a lock: two first
 * visits at once store each suggestion once and answer the same ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { iceBreakersForMany } from '../../server/db/repositories/ice-breakers';
import { chatMessages, iceBreakers } from '../../server/db/schema';
import type { CompatProfile } from '../../server/domain/compatibility';
import { createEvent, discoveryApp, happeningNow, joinEvent, type DiscoveryTestApp } from './discovery-helpers';
import { registerUser } from './helpers';

let t: DiscoveryTestApp;
beforeAll(async () => {
  t = await discoveryApp();
});
afterAll(async () => t.close());

const profile = (interests: string[], occupation: string | null = null): CompatProfile => ({
  interests,
  social_preferences: [],
  personality_traits: [],
  communication_style: 'balanced',
  social_battery: 6,
  occupation,
});

/** An event happening now, its owner and `n` more people who share an interest with the owner. */
async function scene(n: number) {
  const owner = await registerUser(t.app);
  const event = await createEvent(t, owner, happeningNow(t.clock));
  const others = [];
  for (let i = 0; i < n; i++) {
    const u = await registerUser(t.app);
    await joinEvent(t.app, u, event.id);
    others.push({ id: u.user.id, profile: profile(['jazz', `chess ${i}`], 'Baker') });
  }
  return {
    viewer: { id: owner.user.id, profile: profile(['jazz', 'hiking']) },
    others,
    event: { id: event.id, name: event.name, eventType: 'networking' },
  };
}

const idsOf = (m: Map<string, Array<{ id: string }>>) => [...m].map(([other, list]) => [other, list.map((i) => i.id)]);

describe('ice breakers stored once', () => {
  it('two first visits at once store each suggestion once and answer the same ids', async () => {
    const { viewer, others, event } = await scene(3);
    const now = t.clock.now();
    // Both read before either writes: the second's insert meets the first's rows.
    const [a, b] = await Promise.all([
      iceBreakersForMany(t.db, viewer, others, event, now),
      iceBreakersForMany(t.db, viewer, others, event, now),
    ]);
    expect(idsOf(a)).toEqual(idsOf(b));
    const stored = await t.db.select().from(iceBreakers).where(eq(iceBreakers.eventId, event.id));
    const answered = [...a.values()].flat();
    expect(answered.length).toBeGreaterThanOrEqual(3 * others.length);
    expect(stored.map((r) => r.id).sort()).toEqual(answered.map((i) => i.id).sort());
  });

  it('outside any event too: one null event is one suggestion, not many', async () => {
    const { viewer, others } = await scene(1);
    const now = t.clock.now();
    const [a, b] = await Promise.all([
      iceBreakersForMany(t.db, viewer, others, null, now),
      iceBreakersForMany(t.db, viewer, others, null, now),
    ]);
    expect(idsOf(a)).toEqual(idsOf(b));
    const stored = await t.db
      .select()
      .from(iceBreakers)
      .where(sql`${iceBreakers.userA} = ${viewer.id} and ${iceBreakers.eventId} is null`);
    expect(stored).toHaveLength(a.get(others[0]!.id)!.length);
  });

  it('migration 0010 keeps the first of stored twins and points their messages at it', async () => {
    const { viewer, others, event } = await scene(1);
    const other = others[0]!.id;
    // A database from before the constraint: twins stored by two first visits at once.
    await t.db.execute(sql`alter table ice_breakers drop constraint ice_breakers_suggestion`);
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms);
    const row = (ms: number, text: string) => ({ userA: viewer.id, userB: other, eventId: event.id, suggestionText: text, category: 'general', createdAt: at(ms) });
    const [first, twin, alone] = await t.db
      .insert(iceBreakers)
      .values([row(0, 'Hello there?'), row(5, 'Hello there?'), row(1, 'How are you finding it?')])
      .returning();
    const [message] = await t.db
      .insert(chatMessages)
      .values({ fromUser: viewer.id, toUser: other, eventId: event.id, message: 'Hello there?', messageType: 'ice_breaker', iceBreakerId: twin!.id })
      .returning();

    const migration = readFileSync(new URL('../../server/db/migrations/0010_ice_breakers_once.sql', import.meta.url), 'utf8');
    const statements = migration.split('--> statement-breakpoint').filter((s) => !/DROP INDEX/.test(s));
    for (const s of statements) await t.db.execute(sql.raw(s));

    const left = await t.db.select().from(iceBreakers).where(eq(iceBreakers.eventId, event.id));
    expect(left.map((r) => r.id).sort()).toEqual([first!.id, alone!.id].sort());
    const [after] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, message!.id));
    expect(after!.iceBreakerId).toBe(first!.id);
  });
});
