/**
 * Two app instances on one PostgreSQL database, each with its own database handle and
 * its own kept copies, and no live bus between them: what one instance learns from a
 * request reaches the other through the database alone. Runs in the server-postgres
 * project (PGlite is one process: several instances cannot share it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openPostgres, type Database } from '../../server/db/client';
import { lifetime } from '../../server/cache/kept';
import { addZone, createEvent, discover, happeningNow, joinEvent, putPrivacy, reportLocation } from './discovery-helpers';
import { FakeClock, closeQuietly, createPostgresTestDatabase, registerUser } from './helpers';

const enabled = process.env.WF_TEST_DB === 'postgres';
const why = enabled ? '' : ' (skipped: needs TEST_DATABASE_URL, runs in the server-postgres project)';
const LAT = 52.52;
const LNG = 13.405;

const clock = new FakeClock();
let handles: Database[] = [];
let drop: () => Promise<void> = async () => {};
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  if (!enabled) return;
  const scratch = await createPostgresTestDatabase();
  drop = scratch.drop;
  handles = [await openPostgres(scratch.url), await openPostgres(scratch.url)];
  const config = { ...configFromEnv({}), staticDir: null, seedDemo: false };
  const make = (database: Database) =>
    buildApp({ config, database, clock: clock.now, rateLimits: { loginPerAddress: 10_000, registerPerAddress: 10_000 } });
  a = await make(handles[0]!);
  b = await make(handles[1]!);
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([a.close(), b.close()]);
  await Promise.all(handles.map(closeQuietly));
  await drop();
});

describe('two instances, one PostgreSQL, no bus', () => {
  it.skipIf(!enabled)(`auto-hide of someone hiding their location, reported through one instance, holds on the other${why}`, async () => {
    const viewer = await registerUser(a);
    const target = await registerUser(a);
    const event = await createEvent({ app: a, clock }, viewer, happeningNow(clock));
    await joinEvent(a, target, event.id);
    await addZone(handles[0]!.db, event.id, { zone_type: 'restricted', latitude: LAT, longitude: LNG, radius_meters: 100 });
    await putPrivacy(a, target, { show_location: false, auto_hide_in_restricted_zones: true });
    const seenOnB = async () => (await discover(b, viewer, event.id)).map((e) => e.user.id);
    expect(await seenOnB()).toEqual([target.user.id]);

    const res = await reportLocation(a, target, event.id, LAT, LNG);
    expect(res.json().current_zone.zone_type).toBe('restricted');
    // b's kept copy is read again from the database once it is too old to serve.
    clock.advance(lifetime('eventPeople').maxAgeMs);
    expect(await seenOnB()).toEqual([]);

    // Walking out, reported through b this time, shows them on a.
    await reportLocation(b, target, event.id, LAT + 0.01, LNG);
    clock.advance(lifetime('eventPeople').maxAgeMs);
    expect((await discover(a, viewer, event.id)).map((e) => e.user.id)).toEqual([target.user.id]);
  });
});
