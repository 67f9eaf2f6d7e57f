/**
 * bench/writes.mjs's passkey sign-in under autocannon, in a process of its own (run with
 * `--import tsx`: it signs with tests/server/soft-authenticator.ts). Each connection asks
 * POST /api/auth/passkeys/login/options, then answers with .../login/verify, the options'
 * challenge signed with a passkey no other connection holds meanwhile (the signature
 * count must grow): autocannon's request sequence, the challenge carried in the
 * connection's context.
 *   node --import tsx bench/writes-passkey-load.mjs <input.json>
 * Input: { base, connections, warmup, duration, origin, credentials: [{ id, privateKey (PEM), userHandle, rpId, counter }] }.
 * Prints one JSON line as bench/lib/autocannon-run.mjs does (req/s counts both calls).
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { printRun } from './lib/autocannon-line.mjs';
import { SoftAuthenticator } from '../tests/server/soft-authenticator.ts';

const { base, connections, warmup, duration, origin, credentials } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const soft = new SoftAuthenticator(origin);
const keys = credentials.map((c) => ({
  id: Buffer.from(c.id, 'base64url'),
  privateKey: createPrivateKey(c.privateKey),
  userHandle: Buffer.from(c.userHandle, 'base64url'),
  rpId: c.rpId,
  counter: c.counter,
}));
if (keys.length < connections) throw new Error(`${connections} connections need as many passkeys, not ${keys.length}`);
/**
 * The passkeys not in use: a connection takes one as it signs the challenge and gives it
 * back with the answer, so each passkey's count grows one sign-in at a time. (autocannon
 * clears a connection's context at each turn of the sequence, so none keeps one for good.)
 */
let free = [];
const json = { accept: 'application/json', 'content-type': 'application/json' };

const options = (seconds) => ({
  url: base,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      path: '/api/auth/passkeys/login/options',
      headers: json,
      body: '{}',
      onResponse: (status, body, context) => {
        context.options = status === 200 ? JSON.parse(body) : null;
      },
    },
    {
      method: 'POST',
      path: '/api/auth/passkeys/login/verify',
      setupRequest: (req, context) => {
        context.key = free.pop();
        if (!context.key) throw new Error('more sign-ins at once than passkeys');
        const response = soft.assert(context.options ?? { challenge: 'none' }, { credential: context.key });
        return { ...req, headers: json, body: JSON.stringify({ response }) };
      },
      onResponse: (_status, _body, context) => {
        if (context.key) free.push(context.key);
        context.key = null;
      },
    },
  ],
});

/** One run; the passkeys all free at its start (one whose answer was cut off by the last run's end comes back). */
const measured = (seconds) => {
  free = [...keys];
  return autocannon(options(seconds));
};

await measured(warmup);
const r = await measured(duration);
printRun(r);
