/**
 * Benchmark: the attendee app's calls that read (every GET of machines/api/client.ts
 * and media.ts an attendee makes), each measured alone with autocannon: 20 connections,
 * a 1 s warm-up, then 4 s measured, on the demo data (server/db/seed.ts). Two writes the
 * app makes often are measured the same way and marked as writes: PUT
 * /api/conversations/read and PUT /api/notifications/read-all. The floor in the same run:
 * GET /api/health, before and after the calls. Budgets (issue 15): ≥ 1,500 req/s each
 * on one PGlite instance, ≥ 4,000 req/s each on two PostgreSQL instances behind HAProxy.
 * Not a timed test: it prints its figures and appends them to bench/RESULTS.md under
 * "## Reads, each alone (20 connections)".
 *
 * Usage:
 *   node --import tsx bench/reads.mjs              (or: node bench/run.mjs reads)
 * Options (environment): BENCH_SETUP=pglite|proxy|both (both), BENCH_DURATION seconds
 *   measured per call (4), BENCH_DATABASE_URL / BENCH_REDIS_URL for the proxy setup,
 *   BENCH_TIMEOUT (900 s), BENCH_NO_WRITE=1 to leave RESULTS.md alone, BENCH_CALLS=a,b
 *   to measure only the calls whose names contain one of those words (the floor always);
 *   BENCH_CALLS=pods measures the small groups' three calls (issue 43).
 *
 * The attendees of that event each have two opening moves, and every other one is happy to
 * be approached (issue 43), so nearby people carry and rank by them.
 *
 * Who asks: the attendees of Maya's event happening now, each signed in through
 * POST /api/auth/login (demo password), maya first. autocannon's programmatic API
 * rebuilds every request (setupRequest), so the requests rotate over those people's
 * sessions, each call with its own user_id and their own partner (the next person) for
 * the calls about another person; a person for whom a call does not answer 2xx (their
 * privacy, say) is left out of that call's rotation, and the table says how many took part.
 * The servers: bench/lib/setups.mjs (as bench/event-day.mjs); autocannon runs in a child
 * process (bench/lib/autocannon-run.mjs). Everything is on 127.0.0.1 and ends by itself.
 */
/* global fetch */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandLine, loadAverage, machine, ms, report } from './lib/results.mjs';
import { eachSetup, killAll, startSetup } from './lib/setups.mjs';

const CONNECTIONS = 20;
const WARMUP_S = 1;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 900);
const PASSWORD = 'wallflower';
const HEADING = '## Reads, each alone (20 connections)';
const BUDGET_RPS = { pglite: 1500, proxy: 4000 };

/** The demo data, and who attends Maya's event happening now (run where the database is). */
export async function seedReads(db) {
  const { and, eq, gt, lte } = await import('drizzle-orm');
  const { seedDemo } = await import('../server/db/seed.ts');
  const { eventAttendees, events, users } = await import('../server/db/schema.ts');
  const now = new Date();
  await seedDemo(db, now, { demoAdmin: false });
  const [maya] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'maya'));
  const [live] = await db
    .select({ id: events.id })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.userId, maya.id), lte(events.startTime, now), gt(events.endTime, now)))
    .limit(1);
  const people = await db
    .select({ username: users.username })
    .from(eventAttendees)
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(eq(eventAttendees.eventId, live.id));
  const usernames = people.map((p) => p.username).sort((a, b) => (a === 'maya' ? -1 : b === 'maya' ? 1 : a.localeCompare(b)));
  // Issue 43: every attendee with two opening moves and every other one happy to be
  // approached, so GET /discover carries them (and ranks by them) as a busy event would.
  const { randomUUID } = await import('node:crypto');
  const { inArray } = await import('drizzle-orm');
  const ids = (await db.select({ id: eventAttendees.userId }).from(eventAttendees).where(eq(eventAttendees.eventId, live.id))).map((r) => r.id);
  for (const [i, id] of ids.entries()) {
    const openingMoves = [
      { id: randomUUID(), text: 'Ask me about the talk I just left' },
      { id: randomUUID(), text: 'What brought you here today?' },
    ];
    await db.update(users).set({ openingMoves, openToHello: i % 2 === 0 }).where(inArray(users.id, [id]));
  }
  return { eventId: live.id, usernames };
}

/** Every call: [name, path for (person, partner, context), body]. */
const CALLS = [
  ['GET /api/auth/session', () => '/api/auth/session'],
  ['GET /api/auth/me', () => '/api/auth/me'],
  ['GET /api/events', (v) => `/api/events?user_id=${v.id}`],
  // Issue 39: a filter chip, one mapping from the filter's type to the form's types.
  ['GET /api/events?event_type=', (v) => `/api/events?user_id=${v.id}&event_type=professional`],
  ['GET /api/events/{id}', (v, _p, c) => `/api/events/${c.eventId}?user_id=${v.id}`],
  ['GET /api/events/{id}/analytics', (v, _p, c) => `/api/events/${c.eventId}/analytics?user_id=${v.id}`],
  ['GET /api/events/{id}/attendees-with-photos', (v, _p, c) => `/api/events/${c.eventId}/attendees-with-photos?user_id=${v.id}&limit=100&offset=0`],
  ['GET /api/events/{id}/feed', (v, _p, c) => `/api/events/${c.eventId}/feed?user_id=${v.id}`],
  ['GET /api/events/{id}/group-chats', (v, _p, c) => `/api/events/${c.eventId}/group-chats?user_id=${v.id}`],
  ['GET /api/group-chats/{id}/messages', (v, _p, c) => `/api/group-chats/${c.groupId}/messages?user_id=${v.id}&limit=50`],
  ['GET /api/events/{id}/photos', (v, _p, c) => `/api/events/${c.eventId}/photos?user_id=${v.id}&limit=30`],
  ['GET /api/discover/{eventId}', (v, _p, c) => `/api/discover/${c.eventId}?user_id=${v.id}&limit=30`],
  ['GET /api/recommendations/{eventId}', (v, _p, c) => `/api/recommendations/${c.eventId}?user_id=${v.id}`],
  ['GET /api/micro-communities/{eventId}', (v, _p, c) => `/api/micro-communities/${c.eventId}?user_id=${v.id}`],
  ['GET /api/safe-zones/{eventId}', (v, _p, c) => `/api/safe-zones/${c.eventId}?user_id=${v.id}`],
  ['GET /api/safe-zones/check/{eventId}', (v, _p, c) => `/api/safe-zones/check/${c.eventId}?user_id=${v.id}&latitude=${c.latitude}&longitude=${c.longitude}`],
  ['GET /api/connections/requests/received', (v) => `/api/connections/requests/received?user_id=${v.id}`],
  ['GET /api/connections/mutual', (v) => `/api/connections/mutual?user_id=${v.id}`],
  ['GET /api/notifications/{userId}', (v) => `/api/notifications/${v.id}`],
  ['GET /api/conversations', (v) => `/api/conversations?user_id=${v.id}`],
  ['GET /api/chat/{otherUserId}', (v, p) => `/api/chat/${p.id}?user_id=${v.id}&limit=50`],
  ['GET /api/chat/{otherUserId}/partner', (v, p) => `/api/chat/${p.id}/partner?user_id=${v.id}`],
  ['GET /api/ice-breakers/{otherUserId}', (v, p, c) => `/api/ice-breakers/${p.id}?user_id=${v.id}&event_id=${c.eventId}`],
  // Maya has a card in the demo data.
  ['GET /api/business-card/{userId}', (v, _p, c) => `/api/business-card/${c.cardOwner.id}?user_id=${v.id}`],
  ['GET /api/users/privacy', (v) => `/api/users/privacy?user_id=${v.id}`],
  // Issue 39: the person's own presence, read after each change that can alter it.
  ['GET /api/users/presence', (v) => `/api/users/presence?user_id=${v.id}`],
  ['GET /api/users/blocked', (v) => `/api/users/blocked?user_id=${v.id}`],
  ['GET /api/subscription/plans', () => '/api/subscription/plans'],
  ['GET /api/subscription/user/{userId}', (v) => `/api/subscription/user/${v.id}`],
  // Issues 18 and 19: the calm features' and meetings' reads.
  ['GET /api/chat/mutes', (v) => `/api/chat/mutes?user_id=${v.id}`],
  ['GET /api/group-chats/{id}/people', (v, _p, c) => `/api/group-chats/${c.groupId}/people?user_id=${v.id}`],
  ['GET /api/cards', (v) => `/api/cards?user_id=${v.id}`],
  ['GET /api/cards/shared', (v) => `/api/cards/shared?user_id=${v.id}`],
  ['GET /api/meetings', (v) => `/api/meetings?user_id=${v.id}`],
  [
    'GET /api/meetings/free-slots',
    (v, p, c) => `/api/meetings/free-slots?user_id=${v.id}&with_user_id=${p.id}&event_id=${c.eventId}&duration_minutes=15`,
  ],
  // Issue 41 and 42: passkeys, the push key, the calendar feed's address.
  ['GET /api/auth/passkeys', (v) => `/api/auth/passkeys?user_id=${v.id}`],
  ['GET /api/push/key', () => '/api/push/key'],
  ['GET /api/calendar/feed', (v) => `/api/calendar/feed?user_id=${v.id}`],
  // The feed itself, by each person's secret address (no cookie needed). Its reads count per
  // address like the admin gate (60 a minute): run with BENCH_APP='{"rateLimits":{"gatePerAddress":100000000}}'
  // to measure the feed rather than the 429 (one bench client stands for many phones).
  ['GET /api/calendar/{token}.ics', (v, _p, c) => c.feeds.get(v.id)],
  // "Download your data": five an hour by design; measured with exportsPerUser lifted the same way.
  ['GET /api/account/export', (v) => `/api/account/export?user_id=${v.id}`],
  // Issue 43: the recap of the event, its vCard, and whether a chat rests.
  ['GET /api/events/{id}/recap', (v, _p, c) => `/api/events/${c.eventId}/recap?user_id=${v.id}`],
  ['GET /api/events/{id}/recap.vcf', (v, _p, c) => `/api/events/${c.eventId}/recap.vcf?user_id=${v.id}`],
  ['GET /api/chat/{otherUserId}/rest', (v, p) => `/api/chat/${p.id}/rest?user_id=${v.id}`],
  // Issue 43 item 3: small groups. Checking each call once per person (before measuring) queues
  // them all, so by the time they are measured most are in pods: `mine` reads a formed pod,
  // DELETE leaves it, and POST queues again, a pod forming at once with every fifth.
  ['GET /api/events/{id}/pods/mine', (v, _p, c) => `/api/events/${c.eventId}/pods/mine?user_id=${v.id}`],
  ['POST /api/events/{id}/pods/queue (write)', (v, _p, c) => `/api/events/${c.eventId}/pods/queue?user_id=${v.id}`],
  ['DELETE /api/events/{id}/pods/queue (write)', (v, _p, c) => `/api/events/${c.eventId}/pods/queue?user_id=${v.id}`],
  ['PUT /api/conversations/read (write)', (v) => `/api/conversations/read?user_id=${v.id}`, (_v, p) => ({ kind: 'direct', id: p.id })],
  ['PUT /api/notifications/read-all (write)', (v) => `/api/notifications/read-all?user_id=${v.id}`],
];

async function signIn(base, username) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${username} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wf_session='));
  return { id: (await res.json()).user.id, username, cookie: cookie.split(';')[0] };
}

/** The calls BENCH_CALLS names (all when unset). */
const chosenCalls = () => {
  const words = (process.env.BENCH_CALLS ?? '').split(',').filter(Boolean);
  return words.length ? CALLS.filter(([name]) => words.some((w) => name.includes(w))) : CALLS;
};

/** Each call's variants: one per person for whom it answers 2xx. */
async function variantsOf(base, people, context) {
  return Promise.all(
    chosenCalls().map(async ([name, pathOf, bodyOf]) => {
      const method = name.split(' ')[0];
      const variants = [];
      const refused = {};
      for (const [i, v] of people.entries()) {
        const partner = people[(i + 1) % people.length];
        const body = bodyOf ? JSON.stringify(bodyOf(v, partner, context)) : undefined;
        const headers = { cookie: v.cookie, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) };
        const variant = { method, path: pathOf(v, partner, context), headers, ...(body ? { body } : {}) };
        const res = await fetch(`${base}${variant.path}`, { method, headers, body });
        await res.arrayBuffer();
        if (res.ok) variants.push(variant);
        else refused[res.status] = (refused[res.status] ?? 0) + 1;
      }
      return { name, variants, refused };
    }),
  );
}

function load(dir, base, variants) {
  const file = join(dir, `calls-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ base, connections: CONNECTIONS, warmup: WARMUP_S, duration: DURATION_S, variants }));
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [fileURLToPath(new URL('./lib/autocannon-run.mjs', import.meta.url)), file], { maxBuffer: 1 << 20 }, (err, out) =>
      err ? reject(err) : resolve(JSON.parse(out)),
    ),
  );
}

async function runSetup(kind) {
  const loadBefore = loadAverage();
  console.log(`\n${kind}: demo data, starting the servers...`);
  const setup = await startSetup(kind, { module: import.meta.url, name: 'seedReads' });
  const dir = mkdtempSync(join(tmpdir(), 'wf-reads-'));
  try {
    const { base, info } = setup;
    const people = [];
    for (const username of info.usernames) people.push(await signIn(base, username));
    const maya = people[0];
    const chats = await (await fetch(`${base}/api/events/${info.eventId}/group-chats?user_id=${maya.id}`, { headers: { cookie: maya.cookie } })).json();
    // A position inside the event's first safe zone, for the zone check.
    const [zone] = await (await fetch(`${base}/api/safe-zones/${info.eventId}?user_id=${maya.id}`, { headers: { cookie: maya.cookie } })).json();
    // Each person's calendar feed address (a path of this server), made once here.
    const feeds = new Map();
    for (const v of people) {
      const { url } = await (await fetch(`${base}/api/calendar/feed?user_id=${v.id}`, { headers: { cookie: v.cookie } })).json();
      feeds.set(v.id, new URL(url).pathname);
    }
    const context = { eventId: info.eventId, groupId: chats[0].id, latitude: zone.latitude, longitude: zone.longitude, cardOwner: maya, feeds };
    const calls = await variantsOf(base, people, context);
    const floor = { method: 'GET', path: '/api/health', headers: {} };

    console.log(`${kind}: ${people.length} people signed in; ${calls.length} calls, ${WARMUP_S} s warm-up + ${DURATION_S} s each...`);
    const rows = [{ name: 'GET /api/health (floor, first)', people: '–', ...(await load(dir, base, [floor])) }];
    for (const call of calls) {
      if (!call.variants.length) {
        rows.push({ name: call.name, people: 0, skipped: call.refused });
        continue;
      }
      rows.push({ name: call.name, people: call.variants.length, refused: call.refused, ...(await load(dir, base, call.variants)) });
      console.log(`  ${call.name}: ${rows.at(-1).rps.toFixed(0)} req/s, p99 ${rows.at(-1).p99} ms`);
    }
    rows.push({ name: 'GET /api/health (floor, last)', people: '–', ...(await load(dir, base, [floor])) });
    return { kind, label: setup.label, loadBefore, loadAfter: loadAverage(), people: people.length, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await setup.stop();
  }
}

function setupSection(r) {
  const budget = BUDGET_RPS[r.kind];
  const answers = (row) =>
    Object.entries(row.statuses ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, n]) => `${n} × ${code}`)
      .concat(row.errors ? [`${row.errors} errors`] : [], row.timeouts ? [`${row.timeouts} timeouts`] : [])
      .join(', ') || '–';
  const line = (row) => {
    if (row.skipped) return `| ${row.name} | 0 | – | – | – | answered ${Object.entries(row.skipped).map(([c, n]) => `${n} × ${c}`).join(', ')} to everyone | not measured |`;
    const floor = row.name.startsWith('GET /api/health');
    const ok = row.rps >= budget && answers(row) === '–';
    return `| ${row.name} | ${row.people} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ${answers(row)} | ${floor ? '(floor)' : ok ? 'met' : 'missed'} |`;
  };
  const calls = r.rows.filter((row) => !row.name.startsWith('GET /api/health') && !row.skipped);
  const met = calls.filter((row) => row.rps >= budget && answers(row) === '–');
  return [
    `#### ${r.label}`,
    '',
    `- Load average ${r.loadBefore} before, ${r.loadAfter} after (1/5/15 min); ${r.people} people of Maya's event signed in, their sessions rotated`,
    '',
    `| call | people rotated | req/s | p50 ms | p99 ms | other answers | ≥ ${budget.toLocaleString('en')} req/s |`,
    '|---|---:|---:|---:|---:|---|---|',
    ...r.rows.map(line),
    '',
    `Budget ≥ ${budget.toLocaleString('en')} req/s with only 2xx answers: met for ${met.length} of ${calls.length} calls.`,
    '',
  ].join('\n');
}

async function main() {
  const done = await eachSetup('reads', TIMEOUT_S, runSetup);
  const section = [
    `### ${new Date().toISOString()} — ${done.map((r) => r.kind).join(' and ')}`,
    '',
    `- Machine: ${machine()}`,
    `- Command: \`${commandLine('bench/reads.mjs', ['BENCH_SETUP', 'BENCH_DURATION'])}\` (autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per call, in a child process; demo data; sessions of the people of Maya's event, rotated per request)`,
    '',
    ...done.map(setupSection),
  ].join('\n');
  report(section, HEADING);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    killAll();
    process.exit(1);
  });
}
