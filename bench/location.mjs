/**
 * Benchmark: position reports (POST /api/location/update) from 2,000 attendees of one
 * event, each reporting every 10 s (DESIGN 9: p99 ≤ 50 ms), against a bare Fastify
 * route that parses the same body and answers the same bytes, driven the same way in
 * the same run. Not a timed test: it prints its figures and appends them to
 * bench/RESULTS.md under "## Position reports (POST /location/update)".
 *
 * Usage:
 *   node --import tsx bench/location.mjs                  # in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/location.mjs
 * Options (environment): BENCH_ATTENDEES (2000), BENCH_PERIOD seconds between one
 * person's reports (10), BENCH_DURATION seconds measured (30, after one period of
 * warm-up), BENCH_NO_WRITE=1 to leave RESULTS.md alone.
 *
 * Everyone has a session of their own (the session cache keeps one for 5 s, so most
 * reports look their session up again, as they would). A tenth hide their location
 * (their position only answers the zone check); a few stand in the restricted zone.
 * The load generator (bench/location-load.mjs) runs in a child process.
 */
/* global fetch */
import os, { tmpdir } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { hashToken, newToken } from '../server/db/repositories/sessions.ts';
import { eventAttendees, sessions, users } from '../server/db/schema.ts';
import { LAT, LNG, RESTRICTED, appendResults, benchEvent, insertChunked, openDatabase } from './discover.mjs';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 2000);
const PERIOD_MS = Number(process.env.BENCH_PERIOD ?? 10) * 1000;
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 30) * 1000;
const HEADING = '## Position reports (POST /location/update)';

async function populate(db) {
  const now = new Date();
  const event = await benchEvent(db);
  const tag = randomBytes(3).toString('hex');
  const people = Array.from({ length: ATTENDEES }, (_, i) => ({
    username: `l${tag}_${i}`,
    name: `Walker ${i}`,
    email: `l${tag}_${i}@example.com`,
    passwordHash: 'not-a-login',
    interests: ['hiking', 'jazz', 'coffee'].slice(0, 1 + (i % 3)),
    showLocation: i % 10 !== 0,
  }));
  const inserted = [];
  for (let i = 0; i < people.length; i += 500) {
    inserted.push(...(await db.insert(users).values(people.slice(i, i + 500)).returning({ id: users.id })));
  }
  await insertChunked(db, eventAttendees, inserted.map((u) => ({ eventId: event.id, userId: u.id })));
  const tokens = inserted.map(() => newToken());
  const expiresAt = new Date(now.getTime() + 86_400_000);
  await insertChunked(db, sessions, inserted.map((u, i) => ({ tokenHash: hashToken(tokens[i]), userId: u.id, expiresAt })));
  return inserted.map((u, i) => ({
    cookie: `wf_session=${tokens[i]}`,
    // One in 25 stands in the restricted zone; the others walk about the hall.
    body: {
      user_id: u.id,
      event_id: event.id,
      ...(i % 25 === 0
        ? RESTRICTED
        : { latitude: LAT + (((i * 7919) % 1000) / 1000 - 0.5) * 0.004, longitude: LNG + (((i * 104729) % 1000) / 1000 - 0.5) * 0.006 }),
    },
  }));
}

function runLoad(url, users, duration) {
  // The users are too many for a command line: they go in a file the child reads.
  const dir = mkdtempSync(join(tmpdir(), 'wf-location-'));
  const input = join(dir, 'input.json');
  writeFileSync(input, JSON.stringify({ url, period: PERIOD_MS, duration, users }));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [new URL('./location-load.mjs', import.meta.url).pathname, input],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, stdout) => {
        rmSync(dir, { recursive: true, force: true });
        if (err) return reject(err);
        const r = JSON.parse(stdout);
        if (r.failures) console.warn(`${r.failures} failed reports (first: ${r.firstFailure})`);
        resolve(r);
      },
    );
  });
}

async function main() {
  const { database, kind } = await openDatabase();
  const app = await buildApp({ config: { ...configFromEnv({}), staticDir: null, seedDemo: false }, database, logger: false });
  await app.ready();
  console.log(`populating ${ATTENDEES} attendees with sessions on ${kind}...`);
  const people = await populate(app.db);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `${address}/api/location/update`;

  const sample = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: people[1].cookie },
    body: JSON.stringify(people[1].body),
  });
  if (sample.status !== 200) throw new Error(`location/update answered ${sample.status}: ${await sample.text()}`);
  const bytes = Buffer.from(await sample.arrayBuffer());

  const floor = Fastify({ logger: false });
  floor.post('/floor', (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
  const floorUrl = `${await floor.listen({ host: '127.0.0.1', port: 0 })}/floor`;

  const rate = (ATTENDEES / (PERIOD_MS / 1000)).toFixed(0);
  console.log(`measuring: ${ATTENDEES} people every ${PERIOD_MS / 1000} s (${rate} reports/s), ${PERIOD_MS / 1000} s warm-up + ${DURATION_MS / 1000} s each...`);
  const loadBefore = os.loadavg()[0].toFixed(1);
  await runLoad(url, people, PERIOD_MS);
  const reports = await runLoad(url, people, DURATION_MS);
  await runLoad(floorUrl, people, PERIOD_MS);
  const bare = await runLoad(floorUrl, people, DURATION_MS);
  await floor.close();
  await app.close();
  await database.close();

  const f = (x) => x.toFixed(1);
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(1) : 'n/a');
  const budget = reports.p99 <= 50 && reports.failures === 0 ? 'met' : 'missed';
  const env = process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL=… ' : '';
  const section = [
    `### ${new Date().toISOString()} — ${kind}`,
    '',
    `- Machine: ${os.availableParallelism()} cores (nproc), ${os.cpus()[0]?.model?.trim() ?? 'unknown CPU'}, Node ${process.version}; load average ${loadBefore} before, ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} after (1/5/15 min)`,
    `- Command: \`${env}node --import tsx bench/location.mjs\` (${ATTENDEES} attendees, each with a session, reporting every ${PERIOD_MS / 1000} s spread evenly: ${rate} reports/s; one period of warm-up, ${DURATION_MS / 1000} s measured; load generator in a child process)`,
    `- A report: session looked up (kept 5 s), attendance checked, position kept (or, for the tenth hiding their location, only restricted-zone presence), the event's kept copy patched, a coalesced location_update handed to the live hub; the answer is ${bytes.length} bytes`,
    '',
    '| | reports | failed | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    `| POST /api/location/update | ${reports.count} | ${reports.failures} | ${f(reports.p50)} | ${f(reports.p99)} | ${f(reports.max)} |`,
    `| bare Fastify, same body and bytes | ${bare.count} | ${bare.failures} | ${f(bare.p50)} | ${f(bare.p99)} | ${f(bare.max)} |`,
    `| ratio | | | ${ratio(reports.p50, bare.p50)}× | ${ratio(reports.p99, bare.p99)}× | ${ratio(reports.max, bare.max)}× |`,
    '',
    `Budget p99 ≤ 50 ms: ${budget} (${f(reports.p99)} ms).`,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  if (process.env.BENCH_NO_WRITE !== '1') {
    appendResults(section, HEADING);
    console.log('appended to bench/RESULTS.md');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
