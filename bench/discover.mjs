/**
 * Benchmark: nearby people (GET /api/discover/{eventId}) for an event of 1,000
 * attendees at 50 concurrent requests, against a bare Fastify route answering the same
 * bytes in the same run (DESIGN 9). Not a timed test: it prints its figures and
 * appends them to bench/RESULTS.md under "## Nearby people (GET /discover)".
 *
 * Usage:
 *   node --import tsx bench/discover.mjs                  # in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/discover.mjs
 * Options (environment): BENCH_DURATION seconds per measured run (10),
 *   BENCH_CONNECTIONS (50), BENCH_ATTENDEES (1000), BENCH_VIEWERS (200), BENCH_QUERY
 *   extra query for the discover call (e.g. '&limit=100'; by default the app's own page
 *   size), BENCH_NO_WRITE=1 to leave RESULTS.md alone.
 *
 * Viewers (issue 15: a multi-viewer figure replaces the one-viewer one). The budget is
 * read on BENCH_VIEWERS attendees' sessions rotated per request (autocannon's
 * programmatic API, bench/lib/autocannon-run.mjs), so nothing kept for one viewer
 * flatters it; the one registered viewer (25 connections, 5 blocks) is measured too, as
 * before. Nobody moves here, so every viewer's page stays the same: a cache of pairs
 * would look better here than at an event day, where pages change as people move
 * (bench/event-day.mjs is the one to read for that).
 *
 * With BENCH_DATABASE_URL a scratch database is created next to the one named, used,
 * and dropped. The load generator (autocannon's command line) runs in a child
 * process, so it does not share the server's event loop (it does share the cores).
 */
/* global fetch */
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { appendResults as appendSection } from './lib/results.mjs';
import { scratchDatabase } from './lib/setups.mjs';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openPglite, openPostgres } from '../server/db/client.ts';
import {
  blocks,
  connections,
  eventAttendees,
  events,
  safeZones,
  sessions,
  userLocations,
  users,
} from '../server/db/schema.ts';
import { hashToken, newToken } from '../server/db/repositories/sessions.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 1000);
const EXTRA_QUERY = process.env.BENCH_QUERY ?? '';
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const WARMUP = 3;
const HEADING = '## Nearby people (GET /discover)';

/** mulberry32: the same people every run. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(0x00d15c0);

export const INTERESTS = [
  'hiking', 'photography', 'jazz', 'cooking', 'chess', 'yoga', 'reading', 'travel', 'board games', 'running',
  'coffee', 'film', 'design', 'python', 'gardening', 'climbing', 'poetry', 'cycling', 'baking', 'podcasts',
  'astronomy', 'birdwatching', 'knitting', 'sci-fi', 'painting', 'dance', 'languages', 'history', 'volunteering', 'tea',
  'music production', 'swimming', 'meditation', 'startups', 'open source', 'museums', 'theatre', 'surfing', 'wine', 'comics',
];
const PREFERENCES = ['small groups', 'one-on-one', 'quiet spaces', 'structured activities', 'outdoors', 'short chats'];
const TRAITS = ['curious', 'calm', 'kind', 'funny', 'good listener', 'thoughtful', 'creative', 'organised'];
const OCCUPATIONS = ['Designer', 'Engineer', 'Teacher', 'Nurse', 'Librarian', 'Researcher', 'Writer', 'Student', 'Analyst', 'Chef'];
const STYLES = ['introverted', 'balanced', 'extroverted'];
/** A profile and settings drawn from `random`: varied interests, and a realistic mix of settings (most defaults, some of every kind). */
export function variedPerson(random) {
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const some = (xs, min, max) => {
    const n = min + Math.floor(random() * (max - min + 1));
    return [...xs].sort(() => random() - 0.5).slice(0, n);
  };
  const r = random();
  return {
    age: 18 + Math.floor(random() * 50),
    occupation: pick(OCCUPATIONS),
    interests: some(INTERESTS, 3, 8),
    socialPreferences: some(PREFERENCES, 0, 3),
    personalityTraits: some(TRAITS, 1, 3),
    communicationStyle: pick(STYLES),
    socialBattery: 1 + Math.floor(random() * 10),
    visibilityMode: r < 0.05 ? 'private' : r < 0.1 ? 'friends' : r < 0.15 ? 'anonymous' : 'public',
    isAvailable: random() > 0.1,
    showInterests: random() > 0.1,
    showLocation: random() > 0.1,
    autoHideInRestrictedZones: random() > 0.3,
  };
}

export const LAT = 52.52;
export const LNG = 13.405;
/** The centre of the benchmark event's restricted zone. */
export const RESTRICTED = { latitude: LAT - 0.0008, longitude: LNG + 0.001 };

/** In-memory PGlite, or a scratch database next to BENCH_DATABASE_URL's (dropped at close). */
export async function openDatabase() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { database: await openPglite(null), kind: 'PGlite (in memory)' };
  const scratch = await scratchDatabase(url);
  const database = await openPostgres(scratch.url);
  // Backends still closing when the scratch database is dropped report it on the pool.
  database.db.$client.removeAllListeners('error').on('error', () => {});
  return {
    kind: 'PostgreSQL (pool of 10)',
    database: {
      ...database,
      close: async () => {
        await database.close();
        await scratch.drop();
      },
    },
  };
}

export async function insertChunked(db, table, rows, size = 500) {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size));
}

/** The benchmarks' event, happening now, with a hall, a quiet room and a restricted zone. */
export async function benchEvent(db) {
  const now = new Date();
  const [event] = await db
    .insert(events)
    .values({
      name: 'Bench Conference',
      description: 'A big event for the benchmark',
      location: `Bench Hall ${randomBytes(3).toString('hex')}`,
      eventType: 'conference',
      startTime: new Date(now.getTime() - 3_600_000),
      endTime: new Date(now.getTime() + 6 * 3_600_000),
      latitude: LAT,
      longitude: LNG,
    })
    .returning();
  await db.insert(safeZones).values([
    { eventId: event.id, name: 'Main hall', zoneType: 'other', latitude: LAT, longitude: LNG, radiusMeters: 300 },
    { eventId: event.id, name: 'Quiet room', zoneType: 'safe_space', latitude: LAT + 0.0005, longitude: LNG, radiusMeters: 25 },
    { eventId: event.id, name: 'Staff only', zoneType: 'restricted', ...RESTRICTED, radiusMeters: 30 },
  ]);
  return event;
}

/** One real account (to sign in through the API) and ATTENDEES - 1 inserted directly. */
async function populate(app) {
  const db = app.db;
  const event = await benchEvent(db);

  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: `bench${randomBytes(3).toString('hex')}`,
      name: 'Bench Viewer',
      email: `bench${randomBytes(3).toString('hex')}@example.com`,
      password: 'bench-secret',
      interests: ['hiking', 'jazz', 'chess', 'coffee', 'python'],
      age: 31,
      occupation: 'Engineer',
      social_preferences: ['small groups', 'quiet spaces'],
      personality_traits: ['curious', 'calm'],
      communication_style: 'introverted',
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const viewer = res.json();
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  const tag = randomBytes(3).toString('hex');
  const people = Array.from({ length: ATTENDEES - 1 }, (_, i) => ({
    username: `p${tag}_${i}`,
    name: `Person ${i}`,
    email: `p${tag}_${i}@example.com`,
    passwordHash: 'not-a-login',
    ...variedPerson(random),
  }));
  const inserted = [];
  for (let i = 0; i < people.length; i += 500) {
    inserted.push(...(await db.insert(users).values(people.slice(i, i + 500)).returning({ id: users.id, showLocation: users.showLocation })));
  }
  await insertChunked(db, eventAttendees, [viewer, ...inserted].map((u) => ({ eventId: event.id, userId: u.id })));
  const spot = () => ({ latitude: LAT + (random() - 0.5) * 0.004, longitude: LNG + (random() - 0.5) * 0.006 });
  await insertChunked(
    db,
    userLocations,
    [{ id: viewer.id, showLocation: true }, ...inserted].filter((u) => u.showLocation).map((u) => ({ userId: u.id, eventId: event.id, ...spot() })),
  );
  const pair = (a, b) => (a < b ? { user1: a, user2: b } : { user1: b, user2: a });
  await insertChunked(db, connections, inserted.slice(0, 25).map((u) => pair(viewer.id, u.id)));
  await insertChunked(db, blocks, inserted.slice(25, 30).map((u) => ({ blockerId: u.id, blockedId: viewer.id })));
  // The rotated viewers: attendees spread over the list, each signed in (a session as the repository makes one).
  const step = Math.max(1, Math.floor(inserted.length / VIEWERS));
  const chosen = inserted.filter((_, i) => i % step === 0).slice(0, VIEWERS);
  const tokens = chosen.map(() => newToken());
  const expiresAt = new Date(Date.now() + 86_400_000);
  await insertChunked(db, sessions, chosen.map((u, i) => ({ tokenHash: hashToken(tokens[i]), userId: u.id, expiresAt })));
  const viewers = chosen.map((u, i) => ({ id: u.id, cookie: `wf_session=${tokens[i]}` }));
  return { event, viewer, cookie, viewers };
}

/** GET /discover for each viewer in turn, one per request (bench/lib/autocannon-run.mjs). */
function rotated(address, event, viewers) {
  const dir = mkdtempSync(join(os.tmpdir(), 'wf-discover-'));
  const file = join(dir, 'load.json');
  writeFileSync(
    file,
    JSON.stringify({
      base: address,
      connections: CONNECTIONS,
      warmup: WARMUP,
      duration: DURATION,
      variants: viewers.map((v) => ({ method: 'GET', path: `/api/discover/${event.id}?user_id=${v.id}${EXTRA_QUERY}`, headers: { cookie: v.cookie } })),
    }),
  );
  const runner = fileURLToPath(new URL('./lib/autocannon-run.mjs', import.meta.url));
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [runner, file], { maxBuffer: 1 << 20 }, (err, out) => {
      rmSync(dir, { recursive: true, force: true });
      if (err) return reject(err);
      const r = JSON.parse(out);
      if (r.non2xx || r.errors || r.timeouts) return reject(new Error(`discover, ${viewers.length} viewers: ${JSON.stringify(r.statuses)}, ${r.errors} errors, ${r.timeouts} timeouts`));
      resolve(r);
    }),
  );
}

/** autocannon's own command line in a child process, answering its JSON summary. */
function runLoad(url, headers) {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  return (duration) =>
    new Promise((resolve, reject) => {
      const args = [cli, '-c', String(CONNECTIONS), '-d', String(duration), '-j'];
      for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
      args.push(url);
      execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
        if (err) return reject(err);
        const r = JSON.parse(stdout);
        resolve({
          p50: r.latency.p50,
          p99: r.latency.p99,
          rps: r.requests.average,
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
        });
      });
    });
}

async function measure(label, url, headers) {
  const load = runLoad(url, headers);
  await load(WARMUP);
  const r = await load(DURATION);
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return r;
}

/** Appends a run under `heading` (this benchmark's by default) in bench/RESULTS.md. */
export const appendResults = (section, heading = HEADING) => appendSection(section, heading);

/** The app on a fresh database with the benchmark's event (also used to profile by hand). */
export async function setup() {
  const { database, kind } = await openDatabase();
  const app = await buildApp({ config: { ...configFromEnv({}), staticDir: null, seedDemo: false }, database, logger: false });
  await app.ready();
  console.log(`populating ${ATTENDEES} attendees on ${kind}...`);
  return { database, kind, app, ...(await populate(app)) };
}

async function main() {
  const { database, kind, app, event, viewer, cookie, viewers } = await setup();
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const path = `/api/discover/${event.id}?user_id=${viewer.id}${EXTRA_QUERY}`;

  const first = await fetch(`${address}${path}`, { headers: { cookie } });
  if (first.status !== 200) throw new Error(`discover answered ${first.status}: ${await first.text()}`);
  const bytes = Buffer.from(await first.arrayBuffer());
  const entries = JSON.parse(bytes.toString('utf8')).length;
  console.log(`GET ${path.split('?')[0]}: ${entries} entries, ${bytes.length} bytes`);

  const floor = Fastify({ logger: false });
  floor.get('/floor', (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
  const floorAddress = await floor.listen({ host: '127.0.0.1', port: 0 });

  console.log(`measuring: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each...`);
  const loadBefore = os.loadavg()[0].toFixed(1);
  const one = await measure('discover', `${address}${path}`, { cookie });
  const discover = await rotated(address, event, viewers);
  const bare = await measure('floor', `${floorAddress}/floor`, {});
  await floor.close();
  await app.close();
  await database.close();

  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(1) : 'n/a');
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const budget = discover.p99 <= 50 ? 'met' : 'missed';
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  const env = [process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL=…' : '', EXTRA_QUERY ? `BENCH_QUERY='${EXTRA_QUERY}'` : '']
    .filter(Boolean)
    .join(' ');
  const command = `${env ? `${env} ` : ''}node --import tsx bench/discover.mjs`;
  const section = [
    `### ${new Date().toISOString()} — ${kind}`,
    '',
    `- Machine: ${os.availableParallelism()} cores (nproc), ${cpu}, Node ${process.version}, ${os.platform()} ${os.release()}; load average ${loadBefore} before, ${load} after (1/5/15 min)`,
    `- Command: \`${command}\` (autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s measured, load generator in a child process)`,
    `- Data: one event, ${ATTENDEES} attendees (varied interests, settings, positions; 25 connections and 5 blocks for the registered viewer); its answer holds ${entries} entries, ${bytes.length} bytes`,
    `- Viewers: ${viewers.length} attendees' sessions rotated per request (the budget's row), and the registered viewer alone`,
    '',
    '| | p50 ms | p99 ms | req/s |',
    '|---|---:|---:|---:|',
    `| GET /api/discover/{eventId}${EXTRA_QUERY ? ` (${EXTRA_QUERY.replace(/^&/, '')})` : ''}, ${viewers.length} viewers rotated | ${discover.p50} | ${discover.p99} | ${discover.rps.toFixed(0)} |`,
    `| the same, one viewer | ${one.p50} | ${one.p99} | ${one.rps.toFixed(0)} |`,
    `| bare Fastify, same bytes | ${bare.p50} | ${bare.p99} | ${bare.rps.toFixed(0)} |`,
    `| ratio | ${ratio(discover.p50, bare.p50)}× | ${ratio(discover.p99, bare.p99)}× | ${ratio(bare.rps, discover.rps)}× fewer |`,
    '',
    `Budget p99 ≤ 50 ms (${viewers.length} viewers rotated): ${budget} (${discover.p99} ms).`,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  if (process.env.BENCH_NO_WRITE !== '1') {
    appendResults(section);
    console.log('appended to bench/RESULTS.md');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
