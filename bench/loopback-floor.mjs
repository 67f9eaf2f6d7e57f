/**
 * Benchmark: the machine's own floor for one message to many loopback sockets, with no
 * WebSocket and no Wallflower in it. A plain `net` server writes the same 310 bytes to
 * every one of N sockets (10,000 by default); we time each delivery as bench/ws-broadcast.mjs
 * does (p50, p99 over every delivery of every round, the machine's monotonic clock) and
 * the send loop alone.
 *
 * It asks one question: would writing from more than one process beat the 100 ms budget
 * for 10,000 sockets (issue 15) on this machine? So it runs three ways, each owning the
 * same sockets: the listening process writes to all of them ("in process"); one child
 * process is handed every socket (child.send with the handle: the child owns its own
 * descriptors, nothing is shared between threads); two children are handed half each and
 * write at the same time. The clients are four child processes reading raw bytes, as in
 * the socket benchmark. Everything shares the machine's cores.
 *
 * Usage: node bench/loopback-floor.mjs    (BENCH_SOCKETS=10000, BENCH_ROUNDS=20,
 *   BENCH_NO_WRITE=1 to leave RESULTS.md alone). Listens on 127.0.0.1 only; the run ends
 *   by itself (a watchdog stops it after 300 s).
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { commandLine, loadAverage, machine, ms, report, summarize } from './lib/results.mjs';

const N = Number(process.env.BENCH_SOCKETS ?? 10000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP = 3;
const CLIENT_PROCS = 4;
const BYTES = 310;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const until = (child, pick) => new Promise((resolve) => {
  const on = (m) => {
    const v = pick(m);
    if (v === undefined) return;
    child.off('message', on);
    resolve(v);
  };
  child.on('message', on);
});

/** The bytes of a round: its start time first, so a client can time its own delivery. */
const payload = (t0) => {
  const buf = Buffer.alloc(BYTES, 120);
  buf.write(`${t0}:`, 0, 'latin1');
  return buf;
};
const writeAll = (sockets, t0) => {
  const buf = payload(t0);
  for (const s of sockets) s.write(buf);
};

/** A writer child: owns the sockets it is handed and writes a round when told. */
function writer() {
  const sockets = [];
  process.on('message', (m, handle) => {
    if (m === 'socket') {
      handle.on('data', () => {});
      handle.on('error', () => {});
      sockets.push(handle);
    } else if (m === 'count') process.send({ count: sockets.length });
    else if (m.t0) {
      writeAll(sockets, m.t0);
      process.send({ loop: now() - m.t0 });
    }
  });
}

/** A client child: opens its share of sockets (50 connecting at once) and keeps each delivery's latency. */
function client(port, n) {
  let open = 0;
  let started = 0;
  const latencies = [];
  const connectOne = () => {
    if (started++ >= n) return;
    const c = net.connect(port, '127.0.0.1', () => {
      if (++open === n) process.send({ ready: true });
      connectOne();
    });
    c.setNoDelay(true);
    c.on('data', (d) => {
      const t = now();
      const t0 = Number(d.toString('latin1', 0, 32).split(':')[0]);
      if (t0 > 0) latencies.push(t - t0);
    });
  };
  for (let i = 0; i < 50; i++) connectOne();
  process.on('message', (m) => m === 'report' && process.send({ latencies: latencies.splice(0) }));
}

/** One way of writing: `writers` children (0: the listening process itself). */
async function run(writers) {
  const children = Array.from({ length: writers }, () => fork(process.argv[1], ['--child', 'writer']));
  const own = [];
  let next = 0;
  const server = net.createServer({ pauseOnConnect: true, noDelay: true }, (s) => {
    if (!writers) {
      s.resume();
      s.on('data', () => {});
      own.push(s);
    } else children[next++ % writers].send('socket', s);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const clients = Array.from({ length: CLIENT_PROCS }, () => fork(process.argv[1], ['--child', 'client', String(port), String(N / CLIENT_PROCS)]));
  await Promise.all(clients.map((c) => until(c, (m) => m.ready)));
  const held = async () => (writers ? (await Promise.all(children.map((c) => (c.send('count'), until(c, (m) => m.count))))).reduce((a, b) => a + b, 0) : own.length);
  while ((await held()) < N) await new Promise((resolve) => setTimeout(resolve, 100));

  const deliveries = [];
  const loops = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const t0 = now();
    let loop;
    if (!writers) {
      writeAll(own, t0);
      loop = now() - t0;
    } else loop = Math.max(...(await Promise.all(children.map((c) => (c.send({ t0 }), until(c, (m) => m.loop))))));
    let got = [];
    while (got.length < N) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      got = got.concat(...(await Promise.all(clients.map((c) => (c.send('report'), until(c, (m) => m.latencies))))));
    }
    if (round >= WARMUP) {
      deliveries.push(...got);
      loops.push(loop);
    }
  }
  for (const c of [...clients, ...children]) c.kill();
  server.close();
  return { ...summarize(deliveries), loop: summarize(loops).p50 };
}

if (process.argv[2] === '--child') {
  process.on('disconnect', () => process.exit(0));
  if (process.argv[3] === 'writer') writer();
  else client(Number(process.argv[4]), Number(process.argv[5]));
} else {
  setTimeout(() => {
    console.error('loopback-floor: still running after 300 s, stopping');
    process.exit(1);
  }, 300_000).unref();
  const loadAtStart = loadAverage();
  const rows = [];
  for (const [writers, name] of [[0, 'in process'], [1, 'one child, every socket'], [2, 'two children, half each']]) {
    const r = await run(writers);
    rows.push(`| ${name} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.loop)} |`);
  }
  const section = [
    `### ${new Date().toISOString()} — ${N} sockets, ${BYTES} bytes, plain net`,
    '',
    `- Machine: ${machine()}, load average ${loadAtStart} at start and ${loadAverage()} at the end (1 / 5 / 15 min)`,
    `- Command: \`${commandLine('bench/loopback-floor.mjs', ['BENCH_SOCKETS', 'BENCH_ROUNDS'])}\` (${WARMUP} warm-up + ${ROUNDS} measured rounds each; ${CLIENT_PROCS} client processes reading raw bytes)`,
    '',
    '| writers | p50 ms | p99 ms | max ms | send loop median ms (slowest writer) |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  report(section, '## Live channel: the loopback floor (no WebSocket, no Wallflower)');
  process.exit(0);
}
