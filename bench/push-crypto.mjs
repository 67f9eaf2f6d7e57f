/**
 * Benchmark: how much of the server's main thread one Web Push takes (issue 41), with its
 * encryption and signing in the worker thread (server/realtime/push-crypto.ts) and on the
 * main thread (crypto: 'thread'), each through the real PushSender to a push service on
 * loopback answering 201. Main-thread time is read from the event loop's utilization
 * (performance.eventLoopUtilization: the worker's time is not in it), and wall time beside it.
 *   node --import tsx bench/push-crypto.mjs        (BENCH_PUSHES: pushes per round, 1000)
 * Prints its figures; writes nothing to RESULTS.md.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import webpush from 'web-push';
import { PushSender } from '../server/realtime/push-sender.ts';

const PUSHES = Number(process.env.BENCH_PUSHES ?? 1000);
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(201).end());
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const vapid = { subject: 'mailto:bench@example.com', ...webpush.generateVAPIDKeys() };
const device = (i) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `${origin}/push/${i}`, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
};
const devices = Array.from({ length: 50 }, (_, i) => device(i));
const payload = { title: 'New message', body: 'Someone sent you a message.', url: '/chats/x', tag: 'n1' };

async function round(crypto) {
  const sender = new PushSender({ vapid, crypto });
  await Promise.all(devices.slice(0, 8).map((d) => sender.send(d, payload))); // warm
  const elu = performance.eventLoopUtilization();
  const t = performance.now();
  const outcomes = await Promise.all(Array.from({ length: PUSHES }, (_, i) => sender.send(devices[i % devices.length], payload)));
  const wall = performance.now() - t;
  const used = performance.eventLoopUtilization(elu);
  sender.close();
  if (outcomes.some((o) => o !== 'sent')) throw new Error(`not all sent: ${outcomes.filter((o) => o !== 'sent').length}`);
  return { crypto, mainMsPerPush: (used.active / PUSHES).toFixed(3), wallMsPerPush: (wall / PUSHES).toFixed(3), utilization: used.utilization.toFixed(2) };
}

const rows = [];
for (const crypto of ['thread', 'worker', 'thread', 'worker', 'thread', 'worker']) rows.push(await round(crypto));
console.log(`${PUSHES} pushes a round; load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
console.table(rows);
server.close();
