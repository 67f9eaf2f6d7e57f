/**
 * Benchmark: an event day (issue 15). 1,000 attendees of one event, each with their own
 * session and live socket, make the app's own calls in the app's own order: open the
 * app, open the event, report a position every 10 s, chat, post in group chats, ask to
 * connect, look at the photos, and do what the live channel makes the app do (the
 * attendees' model is written out in bench/event-day-load.mjs). Measured per call: count,
 * p50, p99, max and errors by status; the servers' CPU (% of one core) and RSS (peak and
 * end), read from /proc; the machine's load average before and after. The floor, in the
 * same run: GET /api/health from the same generator at the same request rate. Budget:
 * every call's p99 ≤ 50 ms. Not a timed test: it prints its figures and appends them to
 * bench/RESULTS.md under "## Event day (1,000 attendees)".
 *
 * Usage:
 *   node --import tsx bench/event-day.mjs          (or: node bench/run.mjs event-day)
 * Options (environment): BENCH_SETUP=pglite|proxy|both (both), BENCH_SECONDS measured
 *   (60), BENCH_RAMP seconds over which the attendees arrive (60), BENCH_ATTENDEES
 *   (1000), BENCH_WORKERS load processes (1), BENCH_EVENT_CHAT_SHARE of group messages
 *   that go to the event's own chat (0.1), BENCH_LIVE_REFRESH=0 to leave out the calls
 *   the live channel sets off (diagnosis only: the app makes them), BENCH_ACCEPT_ENCODING
 *   what the attendees' browsers offer ('gzip, deflate, br'; 'identity' for none), BENCH_DATABASE_URL
 *   and BENCH_REDIS_URL for the proxy setup, BENCH_TIMEOUT (900 s), BENCH_NO_WRITE=1.
 *
 * Setups (bench/lib/setups.mjs): (a) one instance on in-memory PGlite, in a child process
 * that seeds before it listens; (b) two instances of server/main.ts on a scratch
 * PostgreSQL database and Redis behind HAProxy (deploy/haproxy.cfg, TRUST_PROXY=loopback),
 * the database seeded before they start and dropped at the end.
 *
 * Sessions: the seed (bench/lib/event-seed.mjs) makes one session per attendee as the
 * session repository does, and every account has a real password hash (hashed once). So
 * the day starts from a signed-in app, as for people who signed up before the event: the
 * app's probe GET /api/auth/session answers each one's user. Signing in is left to
 * bench/login-storm.mjs, so 1,000 argon2 hashes do not fill the arrival.
 *
 * Processes: the servers are child processes; the attendees run in one more process
 * (bench/event-day-load.mjs; BENCH_WORKERS splits them over more), on keep-alive
 * node:http pools from 20 loopback addresses and one `ws` socket each. Everything is on
 * 127.0.0.1 and ends by itself: a watchdog ends the run after BENCH_TIMEOUT seconds.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, loadAverage, machine, ms, report, summarize } from './lib/results.mjs';
import { eachSetup, killAll, processMeter, processStats, startSetup } from './lib/setups.mjs';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 1000);
const STEADY_S = Number(process.env.BENCH_SECONDS ?? 60);
const RAMP_S = Number(process.env.BENCH_RAMP ?? 60);
const SETTLE_S = 10;
const FLOOR_S = 10;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const PROBE_PER_S = 10;
const LIVE_REFRESH = process.env.BENCH_LIVE_REFRESH !== '0';
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 900);
const BUDGET_MS = 50;
const HEADING = '## Event day (1,000 attendees)';
const SEED = { module: new URL('./lib/event-seed.mjs', import.meta.url).href, name: 'seedEventDay' };

/** The attendees' processes, each with its slice; answers their merged results. */
async function drive(setup, startAt) {
  const dir = mkdtempSync(join(tmpdir(), 'wf-event-day-'));
  const { attendees, eventId, eventChatId } = setup.info;
  try {
    const runs = Array.from({ length: WORKERS }, (_, w) => {
      const file = join(dir, `worker-${w}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          base: setup.base,
          eventId,
          eventChatId,
          attendees: attendees.flatMap((a, index) => (index % WORKERS === w ? [{ ...a, index }] : [])),
          total: attendees.length,
          startAt,
          ramp: RAMP_S,
          settle: SETTLE_S,
          steady: STEADY_S,
          floor: FLOOR_S,
          probeRate: PROBE_PER_S / WORKERS,
          addresses: 20,
          liveRefresh: LIVE_REFRESH,
        }),
      );
      const child = fork(fileURLToPath(new URL('./event-day-load.mjs', import.meta.url)), [file], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      return new Promise((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => (code ? reject(new Error(`load worker ${w} exited with ${code}`)) : null));
      });
    });
    return await Promise.all(runs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** phase → label → { lat, status }, over every worker. */
function merge(results, key) {
  const out = new Map();
  for (const r of results) {
    for (const [phase, label, s] of r[key]) {
      if (!out.has(phase)) out.set(phase, new Map());
      const m = out.get(phase);
      const t = m.get(label) ?? { lat: [], status: {} };
      t.lat.push(...s.lat);
      for (const [code, n] of Object.entries(s.status)) t.status[code] = (t.status[code] ?? 0) + n;
      m.set(label, t);
    }
  }
  return out;
}

async function runSetup(kind) {
  const loadBefore = loadAverage();
  console.log(`\n${kind}: seeding ${ATTENDEES} attendees and starting the servers...`);
  const setup = await startSetup(kind, { ...SEED, options: { attendees: ATTENDEES } });
  try {
    const idle = new Map(setup.processes.map((p) => [p.pid, processStats(p.pid).rss]));
    const meter = processMeter(setup.processes);
    meter.start();
    console.log(`${kind}: ${ATTENDEES} attendees arrive over ${RAMP_S} s, ${SETTLE_S} s more, then ${STEADY_S} s measured...`);
    const startAt = Date.now() + 2000;
    const steadyFrom = startAt + (RAMP_S + SETTLE_S) * 1000;
    const timers = [
      setTimeout(() => meter.mark('steady'), steadyFrom - Date.now()),
      setTimeout(() => {
        meter.mark('end');
        meter.stop();
      }, steadyFrom + STEADY_S * 1000 - Date.now()),
    ];
    const results = await drive(setup, startAt);
    console.log(`${kind}: load done after ${((Date.now() - startAt) / 1000).toFixed(0)} s`);
    timers.forEach(clearTimeout);
    const calls = merge(results, 'samples');
    const journeys = merge(results, 'journeys');
    const servers = setup.processes.map((p) => ({
      role: p.role,
      cpu: meter.cpu('steady', 'end', p.pid),
      idle: idle.get(p.pid),
      ...meter.memory(p.pid),
    }));
    return { kind, label: setup.label, loadBefore, loadAfter: loadAverage(), machine: meter.machine('steady', 'end'), calls, journeys, servers, results };
  } finally {
    await setup.stop();
  }
}

// ---------------------------------------------------------------------------
// The report

const mib = (b) => (Number.isFinite(b) ? (b / 1048576).toFixed(0) : '–');
const statusText = (status) =>
  Object.entries(status)
    .filter(([code]) => !(code >= 200 && code < 300))
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ') || '–';

function callTable(byLabel, budget) {
  const rows = [...byLabel]
    .map(([label, s]) => ({ label, ...summarize(s.lat), errors: statusText(s.status) }))
    .sort((a, b) => b.count - a.count);
  const head = budget
    ? ['| call | count | p50 ms | p99 ms | max ms | errors | p99 ≤ 50 ms |', '|---|---:|---:|---:|---:|---|---|']
    : ['| | count | p50 ms | p99 ms | max ms | errors |', '|---|---:|---:|---:|---:|---|'];
  const line = (r) =>
    budget
      ? `| ${r.label} | ${r.count} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | ${r.p99 <= BUDGET_MS && r.errors === '–' ? 'met' : 'missed'} |`
      : `| ${r.label} | ${r.count} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} |`;
  return { rows, text: [...head, ...rows.map(line)].join('\n') };
}

function setupSection(r) {
  const steady = new Map([...(r.calls.get('steady') ?? [])].filter(([label]) => !label.startsWith('GET /api/health')));
  const health = new Map([...(r.calls.get('steady') ?? []), ...(r.calls.get('after') ?? [])].filter(([label]) => label.startsWith('GET /api/health')));
  const arrival = new Map([...(r.calls.get('arrival') ?? [])].filter(([label]) => !label.startsWith('GET /api/health')));
  const journeys = new Map([...(r.journeys.get('arrival') ?? [])].map(([l, s]) => [`${l} (arrival)`, s]).concat([...(r.journeys.get('steady') ?? [])].map(([l, s]) => [`${l} (steady)`, s])));
  const table = callTable(steady, true);
  const total = table.rows.reduce((t, x) => t + x.count, 0);
  const missed = table.rows.filter((x) => !(x.p99 <= BUDGET_MS && x.errors === '–'));
  const live = r.results.reduce(
    (t, x) => ({
      opened: t.opened + x.live.opened,
      reconnects: t.reconnects + x.live.reconnects,
      openAtEnd: t.openAtEnd + x.live.openAtEnd,
      received: Object.entries(x.live.received).reduce((m, [k, n]) => ({ ...m, [k]: (m[k] ?? 0) + n }), t.received),
      closes: Object.entries(x.live.closes).reduce((m, [k, n]) => ({ ...m, [k]: (m[k] ?? 0) + n }), t.closes),
    }),
    { opened: 0, reconnects: 0, openAtEnd: 0, received: {}, closes: {} },
  );
  const transport = Object.entries(r.results.reduce((m, x) => ({ ...m, ...Object.fromEntries(Object.entries(x.transportErrors).map(([k, n]) => [k, (m[k] ?? 0) + n])) }), {}));
  const gen = r.results.map((x) => x.generator).filter(Boolean);
  const list = (o) => Object.entries(o).map(([k, n]) => `${n.toLocaleString('en')} ${k}`).join(', ') || 'none';
  return [
    `#### ${r.label}`,
    '',
    `- Load average ${r.loadBefore} before, ${r.loadAfter} after (1/5/15 min)${r.machine ? `; the machine's CPU during the steady part: ${r.machine.busy.toFixed(0)} % busy, ${r.machine.steal.toFixed(0)} % taken by the host (steal), of all its cores` : ''}`,
    `- Steady ${STEADY_S} s: ${total.toLocaleString('en')} calls (${(total / STEADY_S).toFixed(0)} req/s); live sockets: ${live.opened} opened, ${live.openAtEnd} open at the end, ${live.reconnects} reconnects${Object.keys(live.closes).length ? ` (closes: ${list(live.closes)})` : ''}; live messages received over the whole run: ${list(live.received)}`,
    `- Load generator (${WORKERS} process${WORKERS > 1 ? 'es' : ''}) during the steady part: CPU ${gen.map((g) => `${g.cpuPercent.toFixed(0)} %`).join(' + ')} of one core, event-loop delay p99 ${gen.map((g) => ms(g.loopDelayP99)).join(' / ')} ms, max ${gen.map((g) => ms(g.loopDelayMax)).join(' / ')} ms${transport.length ? `; transport errors: ${transport.map(([k, n]) => `${n} × ${k}`).join(', ')}` : ''}`,
    '',
    '| process | CPU, steady (% of one core) | RSS seeded, idle MiB | RSS peak MiB | RSS end MiB |',
    '|---|---:|---:|---:|---:|',
    ...r.servers.map((s) => `| ${s.role} | ${Number.isFinite(s.cpu) ? s.cpu.toFixed(0) : '–'} | ${mib(s.idle)} | ${mib(s.peak)} | ${mib(s.last)} |`),
    '',
    `Floor and probe (GET /api/health, same generator; the floor at the steady rate, ${Math.round(r.results.reduce((t, x) => t + x.floorRate, 0))} req/s, for ${FLOOR_S} s once the load had stopped; the probe ${PROBE_PER_S}/s during the load):`,
    '',
    callTable(health, false).text,
    '',
    `Per call, steady ${STEADY_S} s:`,
    '',
    table.text,
    '',
    `Budget p99 ≤ ${BUDGET_MS} ms with no errors: met for ${table.rows.length - missed.length} of ${table.rows.length} calls${missed.length ? `; missed: ${missed.map((x) => x.label).join(', ')}` : ''}.`,
    '',
    'What a person waits for (all of a view\'s loads answered):',
    '',
    callTable(journeys, false).text,
    '',
    `Arrival (${RAMP_S} s of arrivals and ${SETTLE_S} s more), per call:`,
    '',
    callTable(arrival, true).text,
    '',
  ].join('\n');
}

async function main() {
  const done = await eachSetup('event-day', TIMEOUT_S, runSetup);
  const section = [
    `### ${new Date().toISOString()} — ${ATTENDEES.toLocaleString('en')} attendees, ${done.map((r) => r.kind).join(' and ')}`,
    '',
    `- Machine: ${machine()}`,
    `- Command: \`${commandLine('bench/event-day.mjs', ['BENCH_SETUP', 'BENCH_SECONDS', 'BENCH_RAMP', 'BENCH_ATTENDEES', 'BENCH_WORKERS', 'BENCH_EVENT_CHAT_SHARE', 'BENCH_LIVE_REFRESH', 'BENCH_ACCEPT_ENCODING'])}\` (arrivals over ${RAMP_S} s, ${SETTLE_S} s more, ${STEADY_S} s measured, then the floor)`,
    `- Attendees: signed in beforehand (sessions made by the seed as the session repository makes them), one live socket each, joined to the event; the app's calls in its order (bench/event-day-load.mjs): open the app, open the event view, a position every 10 s, the live channel's refreshes${LIVE_REFRESH ? '' : ' (left out in this run)'}, and turns of 30-90 s on the event view then a chat (60 %, 1-3 messages), a group chat (25 %, one message, ${Math.round(Number(process.env.BENCH_EVENT_CHAT_SHARE ?? 0.1) * 100)} % of them to the event's chat) or the photos (15 %), back to the event view; a connection request in a third of the turns. Per attendee that is a chat message about every 80 s, a group message about every 6 min, a connection request about every 5 min. Every call offers \`accept-encoding: ${process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br'}\`.`,
    '',
    ...done.map(setupSection),
  ].join('\n');
  report(section, HEADING);
}

main().catch((err) => {
  console.error(err);
  killAll();
  process.exit(1);
});
