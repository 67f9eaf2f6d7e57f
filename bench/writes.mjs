/**
 * Benchmark: three writes of issue 41 and the writes of issues 42 and 43, each measured alone from outside with autocannon:
 * 20 connections, a 1 s warm-up, then BENCH_DURATION seconds (4) measured, with the floor
 * (GET /api/health) before and after in the same run, as bench/reads.mjs measures reads.
 *   - a 1:1 chat message, POST /api/chat/send, to someone with a subscribed push device
 *     and no live socket: the answer, and behind it the notification and a real Web Push
 *     (RFC 8291 encryption, VAPID) to a push service on loopback in this process,
 *     allowed by PUSH_ENDPOINT_ALLOW (config.pushEndpointAllow), answering 201;
 *   - a password reset ask, POST /api/auth/password-reset, for the seeded accounts'
 *     addresses (the first ask per account sends a mail through an SMTP server on loopback
 *     here, which takes and drops it; the rest are the per-account silence);
 *   - a passkey sign-in: POST /api/auth/passkeys/login/options, then .../login/verify with
 *     the options' challenge signed by a software authenticator (tests/server/soft-authenticator.ts,
 *     real ES256 signatures), each connection with an account and passkey of its own (the
 *     signature count must grow, so two connections never share one). Its req/s counts
 *     both calls; sign-ins per second are half of it;
 *   - the calm writes of issue 43 (BENCH_CALLS word `calm`), by pairs of their own (as the chat pairs, but
 *     attending an event going on, connected there, so each is in the other's recap; the chat
 *     pairs attend none, as in the earlier runs):
 *     PUT /api/users/opening-moves, PUT /api/users/open-to-hello, PUT
 *     /api/events/{id}/recap/notes/{userId} (about their recipient), POST /api/chat/{id}/rest
 *     (a closing line to their recipient, and the rest); and POST /api/opening-moves/{id}/answer:
 *     ASKERS people at that event (each on a plan allowing 25 pending requests) answering
 *     the one prompt of each of OWNERS others, each pair once (a pair answered twice, or an asker past their
 *     cap, answers 4xx: the table says how many);
 *   - DELETE /api/account (BENCH_CALLS word `account`), with its own LEAVERS accounts, each deleted once
 *     with its password (past them, 4xx), signed in through sessions made in the seed.
 * Each connection rotates over accounts of its own (20 senders each writing to their own
 * recipient, 60 addresses to reset, 20 passkeys), but everything comes from 127.0.0.1,
 * so the per-client-address and per-person limits would answer 429 within a second. They
 * are lifted for this run, through BENCH_APP (bench/lib/server-child.mjs) as the tests
 * set them (testApp's `rateLimits`), since the bench measures the work, not the refusal:
 *   messagesPerUser (30 per 10 s per person: a person does not send 1,000 messages a second),
 *   resetPerAddress (10 per 15 min per address), loginPerAddress (300 per 15 min per
 *   address, which passkey sign-ins count against too), registerPerAddress (unused: the
 *   accounts are seeded in the database).
 * Only the PGlite setup: the proxy setup's instances are started from server/main.ts, whose
 * limits are the defaults and cannot be lifted from outside.
 *
 * Not a timed test, and it writes nothing to bench/RESULTS.md: it prints its figures.
 *   node --import tsx bench/writes.mjs
 * Options (environment): BENCH_DURATION seconds measured per call (4), BENCH_TIMEOUT (600 s),
 *   BENCH_CALLS=a,b to measure only the calls whose names contain one of those words,
 *   BENCH_PUSH_CRYPTO=thread to encrypt and sign pushes on the server's main thread (the
 *   default is its worker thread), to compare the two.
 */
/* global fetch */
import { createECDH, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadAverage, machine, ms } from './lib/results.mjs';
import { eachSetup, killAll, startSetup } from './lib/setups.mjs';

const CONNECTIONS = 20;
const WARMUP_S = 1;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 600);
const PASSWORD = 'bench-writes-1';
/** The origin the server names itself by: a passkey's relying party must be a host name, not an IP address. */
const PUBLIC_URL = 'http://localhost:5173';
const PAIRS = CONNECTIONS;
const RESET_ACCOUNTS = 3 * CONNECTIONS;
const PASSKEY_ACCOUNTS = CONNECTIONS;
const OWNERS = 20;
const ASKERS = 120;
const LEAVERS = 400;

/** What the load lifts, and why: see the top of this file. */
const LIFTED = { messagesPerUser: 1e9, resetPerAddress: 1e9, loginPerAddress: 1e9, registerPerAddress: 1e9 };

/** The accounts (run where the database is): senders and their recipients, connected; reset and passkey accounts. */
export async function seedWrites(db, { prefix }) {
  const { hashPassword } = await import('../server/domain/passwords.ts');
  const { insertUser } = await import('../server/db/repositories/users.ts');
  const { orderedPair } = await import('../server/db/repositories/relations.ts');
  const { connections } = await import('../server/db/schema.ts');
  const passwordHash = await hashPassword(PASSWORD);
  const user = (role, i) => {
    const username = `${prefix}${role}${i}`;
    return insertUser(db, { username, name: `Bench ${role} ${i}`, email: `${username}@example.com`, passwordHash });
  };
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    const [sender, recipient] = [await user('s', i), await user('r', i)];
    const [user1, user2] = orderedPair(sender.id, recipient.id);
    await db.insert(connections).values({ user1, user2 });
    pairs.push({ sender: sender.username, recipient: recipient.username });
  }
  const calmPairs = [];
  for (let i = 0; i < PAIRS; i++) {
    const [sender, recipient] = [await user('cs', i), await user('cr', i)];
    calmPairs.push({ sender, recipient });
  }
  const resets = [];
  for (let i = 0; i < RESET_ACCOUNTS; i++) resets.push((await user('p', i)).email);
  const passkeys = [];
  for (let i = 0; i < PASSKEY_ACCOUNTS; i++) passkeys.push((await user('k', i)).username);
  return { pairs, resets, passkeys, ...(await seedCalm(db, calmPairs, user, { connections, orderedPair })) };
}

/** The event the pairs attend (joined before they connected), its owners of a prompt and askers; the accounts to delete. */
async function seedCalm(db, pairs, user, { connections, orderedPair }) {
  const { randomUUID } = await import('node:crypto');
  const { eq, inArray } = await import('drizzle-orm');
  const { createUserSession } = await import('../server/db/repositories/sessions.ts');
  const { eventAttendees, events, users } = await import('../server/db/schema.ts');
  const now = Date.now();
  const [event] = await db
    .insert(events)
    .values({ name: 'Bench calm meetup', description: 'Writes', location: 'Hall', eventType: 'networking', startTime: new Date(now - 3_600_000), endTime: new Date(now + 5 * 3_600_000) })
    .returning({ id: events.id });
  const session = async (id) => ({ id, cookie: `wf_session=${await createUserSession(db, id, new Date())}` });
  const owners = [];
  for (let i = 0; i < OWNERS; i++) {
    const moveId = randomUUID();
    const { id } = await user('o', i);
    await db.update(users).set({ openingMoves: [{ id: moveId, text: 'Ask me about sourdough' }] }).where(eq(users.id, id));
    owners.push({ id, moveId });
  }
  const askers = [];
  for (let i = 0; i < ASKERS; i++) askers.push(await session((await user('a', i)).id));
  await db.update(users).set({ planName: 'Professional' }).where(inArray(users.id, askers.map((a) => a.id)));
  const pairIds = pairs.flatMap((p) => [p.sender.id, p.recipient.id]);
  const attendees = [...pairIds, ...owners.map((o) => o.id), ...askers.map((a) => a.id)];
  await db.insert(eventAttendees).values(attendees.map((userId) => ({ eventId: event.id, userId, joinedAt: new Date(now - 7_200_000) })));
  // Connected after they joined: each is in the other's recap.
  for (const p of pairs) {
    const [user1, user2] = orderedPair(p.sender.id, p.recipient.id);
    await db.insert(connections).values({ user1, user2 });
  }
  const leavers = [];
  for (let i = 0; i < LEAVERS; i++) leavers.push(await session((await user('d', i)).id));
  return { calm: { eventId: event.id, owners, askers, pairs: pairs.map((p) => ({ sender: p.sender.username, recipient: p.recipient.username })) }, leavers };
}

/** A push service on loopback: takes every push and answers 201, counting them. */
async function startPushSink() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(201).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, received: () => received, close: () => new Promise((r) => server.close(r)) };
}

/** An SMTP server on loopback that takes every mail and drops it (smtp-server, as the tests' mail-helpers.ts). */
async function startSmtpSink() {
  const { SMTPServer } = await import('smtp-server');
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, received: () => received, close: () => new Promise((r) => server.close(r)) };
}

async function call(base, method, path, { cookie, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return { json: text ? JSON.parse(text) : null, res };
}

async function signIn(base, username) {
  const { json, res } = await call(base, 'POST', '/api/auth/login', { body: { username_or_email: username, password: PASSWORD } });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wf_session='));
  return { id: json.user.id, username, cookie: cookie.split(';')[0] };
}

/** A browser's push subscription keys: a P-256 public key and a 16-byte secret. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

function run(dir, script, input, nodeArgs = []) {
  const file = join(dir, `load-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ connections: CONNECTIONS, warmup: WARMUP_S, duration: DURATION_S, ...input }));
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [...nodeArgs, fileURLToPath(new URL(script, import.meta.url)), file], { maxBuffer: 1 << 20 }, (err, out) =>
      err ? reject(err) : resolve(JSON.parse(out)),
    ),
  );
}

const chosen = (name) => {
  const words = (process.env.BENCH_CALLS ?? '').split(',').filter(Boolean);
  return !words.length || words.some((w) => name.includes(w));
};

async function runSetup(kind) {
  const loadBefore = loadAverage();
  const push = await startPushSink();
  const smtp = await startSmtpSink();
  process.env.BENCH_APP = JSON.stringify({
    config: { publicUrl: PUBLIC_URL, smtpUrl: smtp.url, mailFrom: 'Wallflower <bench@example.com>', pushEndpointAllow: [push.origin] },
    rateLimits: LIFTED,
    // Where push crypto runs (server/realtime/push-crypto.ts): a worker thread unless BENCH_PUSH_CRYPTO=thread, to compare.
    pushOptions: { crypto: process.env.BENCH_PUSH_CRYPTO === 'thread' ? 'thread' : 'worker' },
  });
  console.log(`\n${kind}: seeding accounts, starting the server...`);
  const setup = await startSetup(kind, { module: import.meta.url, name: 'seedWrites', options: { prefix: `w${randomBytes(2).toString('hex')}` } });
  const dir = mkdtempSync(join(tmpdir(), 'wf-writes-'));
  try {
    const { base, info } = setup;
    const rows = [];
    const floor = { method: 'GET', path: '/api/health', headers: {} };
    const measure = async (name, script, input, nodeArgs, extra = () => ({})) => {
      const before = extra();
      const r = await run(dir, script, { base, ...input }, nodeArgs);
      rows.push({ name, ...r, ...extra(before) });
      console.log(`  ${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    };
    await measure('GET /api/health (floor, first)', './lib/autocannon-run.mjs', { variants: [floor] });

    if (chosen('chat')) {
      // First with no device anywhere (the same send, for comparison: a push must not slow it);
      // then each recipient subscribes one device, at the push service here, and keeps no socket open.
      const variants = [];
      const pairs = [];
      for (const pair of info.pairs) pairs.push([await signIn(base, pair.sender), await signIn(base, pair.recipient)]);
      const sends = pairs.map(([sender, recipient]) => ({
        method: 'POST',
        path: `/api/chat/send?user_id=${sender.id}`,
        headers: { cookie: sender.cookie, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ to_user: recipient.id, message: 'See you at the coffee bar?', message_type: 'text' }),
      }));
      await measure('POST /api/chat/send (no push device)', './lib/autocannon-run.mjs', { variants: sends });
      for (const [i, [sender, recipient]] of pairs.entries()) {
        await call(base, 'POST', `/api/push/subscriptions?user_id=${recipient.id}`, {
          cookie: recipient.cookie,
          body: { endpoint: `${push.origin}/push/${i}`, keys: deviceKeys(), language: 'en', previews: false },
        });
        variants.push({
          method: 'POST',
          path: `/api/chat/send?user_id=${sender.id}`,
          headers: { cookie: sender.cookie, accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ to_user: recipient.id, message: 'See you at the coffee bar?', message_type: 'text' }),
        });
      }
      const pushes = (before) => (before === undefined ? push.received() : { pushes: push.received() - before });
      await measure('POST /api/chat/send (recipient with a push device)', './lib/autocannon-run.mjs', { variants }, [], pushes);
    }

    if (chosen('calm')) {
      const { eventId, owners, askers } = info.calm;
      const pairs = [];
      for (const pair of info.calm.pairs) pairs.push([await signIn(base, pair.sender), await signIn(base, pair.recipient)]);
      const json = (cookie) => ({ cookie, accept: 'application/json', 'content-type': 'application/json' });
      const each = (method, path, body) =>
        pairs.map(([me, them]) => ({ method, path: path(me, them), headers: json(me.cookie), ...(body ? { body: JSON.stringify(body) } : {}) }));
      await measure('PUT /api/users/opening-moves', './lib/autocannon-run.mjs', {
        variants: each('PUT', (me) => `/api/users/opening-moves?user_id=${me.id}`, { prompts: ['Ask me about sourdough', 'What talk surprised you today?'] }),
      });
      await measure('PUT /api/users/open-to-hello', './lib/autocannon-run.mjs', {
        // No body: a JSON content type with none is refused.
        variants: each('PUT', (me) => `/api/users/open-to-hello?user_id=${me.id}&open=true`).map((v) => ({ ...v, headers: { cookie: v.headers.cookie, accept: 'application/json' } })),
      });
      await measure('PUT /api/events/{id}/recap/notes/{userId}', './lib/autocannon-run.mjs', {
        variants: each('PUT', (me, them) => `/api/events/${eventId}/recap/notes/${them.id}?user_id=${me.id}`, { note: 'Talked about sourdough; send the recipe.' }),
      });
      await measure('POST /api/chat/{id}/rest', './lib/autocannon-run.mjs', {
        variants: each('POST', (me, them) => `/api/chat/${them.id}/rest?user_id=${me.id}`, { line_id: 'lovely', language: 'en' }),
      });
      const answers = owners.flatMap((o) =>
        askers.map((a) => ({
          method: 'POST',
          path: `/api/opening-moves/${o.moveId}/answer?user_id=${a.id}`,
          headers: json(a.cookie),
          body: JSON.stringify({ answer: 'A starter called Gerald, fed daily.', event_id: eventId }),
        })),
      );
      await measure(`POST /api/opening-moves/{id}/answer (${answers.length} pairs, each once)`, './lib/autocannon-run.mjs', { variants: answers });
    }

    if (chosen('account')) {
      const variants = info.leavers.map((me) => ({
        method: 'DELETE',
        path: `/api/account?user_id=${me.id}`,
        headers: { cookie: me.cookie, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
      }));
      await measure(`DELETE /api/account (${variants.length} accounts, each once)`, './lib/autocannon-run.mjs', { variants });
    }

    if (chosen('reset')) {
      const variants = info.resets.map((email) => ({
        method: 'POST',
        path: '/api/auth/password-reset',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }));
      const mails = (before) => (before === undefined ? smtp.received() : { mails: smtp.received() - before });
      await measure('POST /api/auth/password-reset', './lib/autocannon-run.mjs', { variants }, [], mails);
    }

    if (chosen('passkey')) {
      const { SoftAuthenticator } = await import('../tests/server/soft-authenticator.ts');
      const credentials = [];
      for (const username of info.passkeys) {
        const me = await signIn(base, username);
        const soft = new SoftAuthenticator(PUBLIC_URL);
        const { json: options } = await call(base, 'POST', `/api/auth/passkeys/register/options?user_id=${me.id}`, { cookie: me.cookie, body: { password: PASSWORD } });
        const { credential, response } = soft.register(options);
        await call(base, 'POST', `/api/auth/passkeys/register/verify?user_id=${me.id}`, { cookie: me.cookie, body: { name: 'Bench key', response } });
        credentials.push({
          id: credential.id.toString('base64url'),
          privateKey: credential.privateKey.export({ format: 'pem', type: 'pkcs8' }),
          userHandle: credential.userHandle.toString('base64url'),
          rpId: credential.rpId,
          counter: credential.counter,
        });
      }
      await measure('POST /api/auth/passkeys/login/options + /verify (req/s counts both)', './writes-passkey-load.mjs', { origin: PUBLIC_URL, credentials }, [
        '--import',
        'tsx',
      ]);
    }

    await measure('GET /api/health (floor, last)', './lib/autocannon-run.mjs', { variants: [floor] });
    return { kind, label: setup.label, loadBefore, loadAfter: loadAverage(), rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await setup.stop();
    await push.close();
    await smtp.close();
  }
}

function table(r) {
  const others = (row) =>
    Object.entries(row.statuses ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, n]) => `${n} × ${code}`)
      .concat(row.errors ? [`${row.errors} errors`] : [], row.timeouts ? [`${row.timeouts} timeouts`] : [])
      .join(', ') || '–';
  const behind = (row) => [row.pushes !== undefined ? `${row.pushes} pushes received` : '', row.mails !== undefined ? `${row.mails} mails received` : ''].filter(Boolean).join(', ') || '–';
  return [
    `#### ${r.label}`,
    '',
    `- Machine: ${machine()}; load average ${r.loadBefore} before, ${r.loadAfter} after (1/5/15 min)`,
    `- autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per call, in a child process; limits lifted: ${Object.keys(LIFTED).join(', ')}`,
    '',
    '| call | req/s | p50 ms | p99 ms | other answers | behind the answers, by the call\'s end (warm-up included) |',
    '|---|---:|---:|---:|---|---|',
    ...r.rows.map((row) => `| ${row.name} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ${others(row)} | ${behind(row)} |`),
    '',
  ].join('\n');
}

async function main() {
  if ((process.env.BENCH_SETUP ?? 'pglite') !== 'pglite') throw new Error('bench/writes.mjs runs the PGlite setup only (see the top of the file)');
  process.env.BENCH_SETUP = 'pglite';
  const done = await eachSetup('writes', TIMEOUT_S, runSetup);
  console.log(`\n### ${new Date().toISOString()} — writes (not written to RESULTS.md)\n`);
  for (const r of done) console.log(table(r));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    killAll();
    process.exit(1);
  });
}
