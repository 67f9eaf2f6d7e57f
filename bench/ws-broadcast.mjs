/**
 * Benchmark: the live channel. 2,000 sockets join one event; one group message is sent
 * over HTTP (POST /api/group-chats/{id}/messages) and we time how long it takes to
 * reach each socket (p50, p99 over every delivery of every round), and the server's
 * memory per socket. The floor, in the same run: a bare `ws` server broadcasting the
 * same bytes to 2,000 clients when one of them asks. DESIGN 9 budget: p99 ≤ 100 ms.
 * Not a timed test: it prints its figures and appends them to bench/RESULTS.md under
 * "## Live channel (group message to 2,000 sockets)".
 *
 * Usage:
 *   node --import tsx bench/ws-broadcast.mjs
 * Options (environment): BENCH_SOCKETS (2000), BENCH_ROUNDS (20), BENCH_NO_WRITE=1 to
 *   leave RESULTS.md alone.
 *
 * Each server runs in a child process (in-memory PGlite for Wallflower), so its memory
 * is its own and the clients (this process) do not share its event loop; they still
 * share the machine's cores. Everything listens on 127.0.0.1 only, and the run ends by
 * itself (a watchdog stops it after BENCH_TIMEOUT seconds, 300 by default).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { appendResults } from './lib/results.mjs';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP_ROUNDS = 3;
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 300);
const HEADING = '## Live channel (group message to 2,000 sockets)';
const HOST = '127.0.0.1';
const FRAME_MAX = 16 * 1024;

// ---------------------------------------------------------------------------
// Child processes: the servers

/** Reports memory after a full collection, so the delta is what the sockets hold. */
function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed };
}

async function wallflowerServer() {
  const { buildApp } = await import('../server/app.ts');
  const { configFromEnv } = await import('../server/config.ts');
  const { openPglite } = await import('../server/db/client.ts');
  const { hashToken } = await import('../server/db/repositories/sessions.ts');
  const { eventAttendees, events, groupChats, sessions, users } = await import('../server/db/schema.ts');

  const database = await openPglite(null);
  const db = database.db;
  const n = Number(process.env.BENCH_SOCKETS ?? 2000);
  const rows = Array.from({ length: n }, (_, i) => ({
    username: `bench${i}`,
    name: `Bench person ${i}`,
    email: `bench${i}@example.com`,
    passwordHash: 'bench-no-login',
    interests: ['jazz', 'chess'],
  }));
  const people = [];
  for (let i = 0; i < rows.length; i += 500) {
    people.push(...(await db.insert(users).values(rows.slice(i, i + 500)).returning({ id: users.id })));
  }
  const tokens = people.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(Date.now() + 86_400_000);
  for (let i = 0; i < people.length; i += 500) {
    await db.insert(sessions).values(
      people.slice(i, i + 500).map((p, j) => ({ tokenHash: hashToken(tokens[i + j]), userId: p.id, expiresAt })),
    );
  }
  const start = new Date();
  const [event] = await db
    .insert(events)
    .values({
      name: 'Benchmark hall',
      description: 'Two thousand quiet people',
      location: 'Loopback',
      eventType: 'networking',
      startTime: start,
      endTime: new Date(start.getTime() + 4 * 3_600_000),
    })
    .returning({ id: events.id });
  for (let i = 0; i < people.length; i += 500) {
    await db.insert(eventAttendees).values(people.slice(i, i + 500).map((p) => ({ eventId: event.id, userId: p.id })));
  }
  const [chat] = await db
    .insert(groupChats)
    .values({ eventId: event.id, name: 'Benchmark hall — everyone' })
    .returning({ id: groupChats.id });

  const app = await buildApp({ config: { ...configFromEnv({}), staticDir: null, seedDemo: false }, database, logger: false });
  const address = await app.listen({ host: HOST, port: 0 });
  process.on('message', async (m) => {
    if (m.type === 'memory') process.send({ type: 'memory', ...memory() });
    if (m.type === 'audience') process.send({ type: 'audience', count: app.hub.eventAudienceCount(event.id) });
    if (m.type === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send({
    type: 'ready',
    address,
    eventId: event.id,
    chatId: chat.id,
    people: people.map((p, i) => ({ id: p.id, cookie: `wf_session=${tokens[i]}` })),
  });
}

/** The floor: a bare ws server that sends the same bytes to every client when asked. */
async function bareServer() {
  const wss = new WebSocketServer({ host: HOST, port: 0, maxPayload: FRAME_MAX });
  await new Promise((resolve) => wss.once('listening', resolve));
  let payload = Buffer.from('{}');
  wss.on('connection', (socket) => {
    socket.on('message', () => {
      for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(payload, { binary: false });
    });
  });
  process.on('message', (m) => {
    if (m.type === 'payload') payload = Buffer.from(m.data);
    if (m.type === 'memory') process.send({ type: 'memory', ...memory() });
    if (m.type === 'audience') process.send({ type: 'audience', count: wss.clients.size });
    if (m.type === 'stop') wss.close(() => process.exit(0));
  });
  process.send({ type: 'ready', address: `ws://${HOST}:${wss.address().port}` });
}

// ---------------------------------------------------------------------------
// This process: the clients

function startChild(role) {
  const child = fork(fileURLToPath(import.meta.url), ['--child', role], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_SOCKETS: String(SOCKETS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  child.on('message', (m) => {
    const w = waiting.get(m.type);
    if (w) {
      waiting.delete(m.type);
      w(m);
    }
  });
  const ask = (type, extra = {}) =>
    new Promise((resolve) => {
      waiting.set(type, resolve);
      if (type !== 'ready') child.send({ type, ...extra });
    });
  return { child, ask, tell: (m) => child.send(m) };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens `count` sockets, a few hundred at a time (the listen backlog is finite). */
async function openSockets(urls, headersFor) {
  const sockets = [];
  const batch = 200;
  for (let i = 0; i < urls.length; i += batch) {
    const opened = await Promise.all(
      urls.slice(i, i + batch).map(
        (url, j) =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(url, { headers: headersFor(i + j), perMessageDeflate: false });
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    );
    sockets.push(...opened);
  }
  return sockets;
}

/** Times `rounds` broadcasts: from just before `trigger()` to each socket's arrival. */
async function timeRounds(sockets, trigger, rounds) {
  const samples = [];
  const roundMax = [];
  let current = null;
  for (const ws of sockets) {
    ws.on('message', () => {
      if (!current || current.seen.has(ws)) return;
      current.seen.add(ws);
      current.lat.push(performance.now() - current.t0);
      if (current.seen.size === sockets.length) current.done();
    });
  }
  for (let r = 0; r < rounds; r++) {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`round ${r}: only ${current.seen.size}/${sockets.length} arrived`)), 10_000);
      current = {
        t0: performance.now(),
        seen: new Set(),
        lat: [],
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      trigger().catch(reject);
    });
    samples.push(...current.lat);
    roundMax.push(Math.max(...current.lat));
    current = null;
    await sleep(50);
  }
  return { samples, roundMax };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
function summary({ samples, roundMax }) {
  const s = [...samples].sort((a, b) => a - b);
  const r = [...roundMax].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s[s.length - 1], medianRoundMax: quantile(r, 0.5) };
}

async function waitAudience(ask, want) {
  for (let i = 0; i < 600; i++) {
    const { count } = await ask('audience');
    if (count >= want) return;
    await sleep(100);
  }
  throw new Error(`only part of the audience joined (wanted ${want})`);
}

async function measureWallflower() {
  const server = startChild('wallflower');
  const ready = await server.ask('ready');
  const { address, eventId, chatId, people } = ready;
  const base = await server.ask('memory');
  const wsBase = address.replace(/^http/, 'ws');
  const sockets = await openSockets(
    people.map((p) => `${wsBase}/ws/${p.id}`),
    (i) => ({ cookie: people[i].cookie }),
  );
  for (const ws of sockets) ws.send(JSON.stringify({ type: 'join_event', event_id: eventId }));
  await waitAudience(server.ask, SOCKETS);
  const held = await server.ask('memory');

  let frame = null;
  sockets[1].once('message', (data) => (frame = Buffer.from(data)));
  const sender = people[0];
  const url = `${address}/api/group-chats/${chatId}/messages?user_id=${sender.id}`;
  const body = JSON.stringify({ group_id: chatId, message: 'Is anyone else heading to the quiet room at 3?' });
  const trigger = async () => {
    const res = await globalThis.fetch(url, { method: 'POST', headers: { cookie: sender.cookie, 'content-type': 'application/json' }, body });
    if (res.status !== 200) throw new Error(`group message answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  await timeRounds(sockets, trigger, WARMUP_ROUNDS);
  const timed = await timeRounds(sockets, trigger, ROUNDS);
  for (const ws of sockets) ws.terminate();
  server.tell({ type: 'stop' });
  await new Promise((r) => server.child.once('exit', r));
  return {
    ...summary(timed),
    rssPerSocket: (held.rss - base.rss) / SOCKETS,
    heapPerSocket: (held.heapUsed - base.heapUsed) / SOCKETS,
    frame,
  };
}

async function measureBare(frame) {
  const server = startChild('bare');
  const { address } = await server.ask('ready');
  server.tell({ type: 'payload', data: frame.toString('utf8') });
  const base = await server.ask('memory');
  const sockets = await openSockets(
    Array.from({ length: SOCKETS }, () => address),
    () => ({}),
  );
  await waitAudience(server.ask, SOCKETS);
  const held = await server.ask('memory');
  const trigger = async () => sockets[0].send('go');
  await timeRounds(sockets, trigger, WARMUP_ROUNDS);
  const timed = await timeRounds(sockets, trigger, ROUNDS);
  for (const ws of sockets) ws.terminate();
  server.tell({ type: 'stop' });
  await new Promise((r) => server.child.once('exit', r));
  return {
    ...summary(timed),
    rssPerSocket: (held.rss - base.rss) / SOCKETS,
    heapPerSocket: (held.heapUsed - base.heapUsed) / SOCKETS,
  };
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error(`ws-broadcast: still running after ${TIMEOUT_S} s, giving up`);
    process.exit(2);
  }, TIMEOUT_S * 1000);
  watchdog.unref();

  // Other work on the machine skews both figures alike; the ratio is the steadier one.
  const loadAtStart = os.loadavg()[0];
  console.log(`Wallflower: ${SOCKETS} sockets in one event, ${WARMUP_ROUNDS} warm-up + ${ROUNDS} rounds...`);
  const wf = await measureWallflower();
  console.log(`bare ws: same ${wf.frame.length}-byte frame to ${SOCKETS} clients...`);
  const bare = await measureBare(wf.frame);

  const ms = (x) => x.toFixed(1);
  const kib = (x) => (x / 1024).toFixed(1);
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(1) : 'n/a');
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const budget = wf.p99 <= 100 ? 'met' : 'missed';
  const section = [
    `### ${new Date().toISOString()} — PGlite (in memory)`,
    '',
    `- Machine: ${os.availableParallelism()} cores (nproc), ${cpu}, Node ${process.version}, ${os.platform()} ${os.release()}, load average ${loadAtStart.toFixed(1)} at start`,
    `- Command: \`node --import tsx bench/ws-broadcast.mjs\` (${SOCKETS} sockets joined to one event, ${WARMUP_ROUNDS} warm-up + ${ROUNDS} measured rounds, servers in child processes, clients in one process, all on 127.0.0.1)`,
    `- A round: POST /api/group-chats/{id}/messages (stored, then published) until all ${SOCKETS} sockets have the ${wf.frame.length}-byte group_message; latency per delivery from just before the request. The floor: one client asks a bare \`ws\` server to send the same bytes to all ${SOCKETS}.`,
    `- Memory per socket: server RSS (and V8 heap) after ${SOCKETS} sockets joined, minus before, after a full GC, divided by ${SOCKETS}.`,
    '',
    '| | p50 ms | p99 ms | max ms | median of round max ms | RSS per socket KiB | heap per socket KiB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| Wallflower group message | ${ms(wf.p50)} | ${ms(wf.p99)} | ${ms(wf.max)} | ${ms(wf.medianRoundMax)} | ${kib(wf.rssPerSocket)} | ${kib(wf.heapPerSocket)} |`,
    `| bare ws broadcast, same bytes | ${ms(bare.p50)} | ${ms(bare.p99)} | ${ms(bare.max)} | ${ms(bare.medianRoundMax)} | ${kib(bare.rssPerSocket)} | ${kib(bare.heapPerSocket)} |`,
    `| ratio | ${ratio(wf.p50, bare.p50)}× | ${ratio(wf.p99, bare.p99)}× | ${ratio(wf.max, bare.max)}× | ${ratio(wf.medianRoundMax, bare.medianRoundMax)}× | ${ratio(wf.rssPerSocket, bare.rssPerSocket)}× | ${ratio(wf.heapPerSocket, bare.heapPerSocket)}× |`,
    '',
    `Budget p99 ≤ 100 ms: ${budget} (${ms(wf.p99)} ms).`,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  if (process.env.BENCH_NO_WRITE !== '1') {
    appendResults(section, HEADING);
    console.log('appended to bench/RESULTS.md');
  }
}

if (process.argv[2] === '--child') {
  // A server child ends with its parent, whatever happens to the parent.
  process.on('disconnect', () => process.exit(0));
  (process.argv[3] === 'bare' ? bareServer() : wallflowerServer()).catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
