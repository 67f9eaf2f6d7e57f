/**
 * Nothing missed across an instance's death (issue 44 item 4), as a user runs it: two real
 * server processes behind HAProxy (proxy-helpers.ts). People hold live channels through
 * the proxy while messages stream to them; one instance is killed (SIGKILL) mid-stream;
 * its clients reconnect through the proxy with `?after=` the last seq they received, as
 * the app does, and every message arrives exactly once, in order. Runs in the
 * server-postgres project with TEST_REDIS_URL and HAProxy; otherwise skipped, saying why.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connect, enabled, register, startCluster, waitFor, why, type Cluster, type Person } from './proxy-helpers';

let cluster: Cluster | null = null;

beforeAll(async () => {
  if (enabled) cluster = await startCluster();
}, 90_000);

afterAll(async () => {
  await cluster?.close();
}, 30_000);

/**
 * A live channel as the app keeps it: through the proxy, reopened after every drop with
 * `?after=` the last seq it received (or was told it is caught up to). It keeps every chat text it hears, and counts what
 * the app would have dropped (a seq it already had), drops and resyncs.
 */
function reconnecting(proxy: string, p: Person) {
  const state = { texts: [] as string[], seq: 0, repeated: 0, drops: 0, resyncs: 0, open: false, stopped: false };
  const open = () => {
    const ws = new WebSocket(`${proxy.replace('http', 'ws')}/ws/${p.id}${state.seq ? `?after=${state.seq}` : ''}`, { headers: { cookie: p.cookie } });
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; seq?: number; message?: { message: string } };
      if (m.type === 'resync') state.resyncs += 1;
      // The seq the socket is caught up to (issue 44): kept, as the app keeps it; after a replay, the last one replayed.
      if (m.type === 'caught_up') {
        state.seq = Math.max(state.seq, m.seq!);
        return;
      }
      if (m.seq !== undefined && m.seq <= state.seq) state.repeated += 1;
      state.seq = Math.max(state.seq, m.seq ?? 0);
      if (m.type === 'new_message') state.texts.push(m.message!.message);
    });
    ws.once('open', () => (state.open = true));
    // A refused upgrade (the proxy has not yet noticed the dead instance) or a drop: again, after a short backoff.
    ws.on('error', () => {});
    ws.once('close', () => {
      if (state.open) state.drops += 1;
      state.open = false;
      if (!state.stopped) setTimeout(open, 100).unref();
    });
    stop = () => {
      state.stopped = true;
      ws.close();
    };
  };
  let stop = () => {};
  open();
  return { state, stop: () => stop() };
}

/**
 * POST on a connection of its own: a kept-alive connection the proxy closes could leave it
 * unknown whether a request reached an instance; a fresh one is refused (503) or answered.
 */
function post(base: string, path: string, cookie: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api${path}`, { method: 'POST', agent: false, headers: { cookie, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('an instance dies with live sockets on it', () => {
  it.skipIf(!enabled)(`every message streamed meanwhile arrives once, in order, after the clients reconnect through the proxy${why}`, async () => {
    const { proxy, instanceB, processA } = cluster!;
    // Pairs, so no sender passes the message rate limit (30 per 10 s): each sends one message per round.
    const senders = await Promise.all([0, 1, 2, 3].map(() => register(instanceB)));
    const receivers = await Promise.all([0, 1, 2, 3].map(() => register(instanceB)));
    for (let i = 0; i < 4; i++) await connect(instanceB, senders[i]!, receivers[i]!);
    // Opened one after the other, the proxy's round robin puts half on each instance.
    const clients: Array<ReturnType<typeof reconnecting>> = [];
    for (const r of receivers) {
      const c = reconnecting(proxy, r);
      await waitFor(() => c.state.open || undefined);
      clients.push(c);
    }
    /**
     * One message from each sender to their receiver, through the proxy. Once the instance
     * is dead, the proxy answers 502 (it tried a kept connection to it) or 503 (it could not
     * connect) until its checks take it out: the request reached no living instance, so it
     * is sent again.
     */
    const round = async (k: number) => {
      for (let i = 0; i < 4; i++) {
        for (;;) {
          const status = await post(proxy, `/chat/send?user_id=${senders[i]!.id}`, senders[i]!.cookie, { to_user: receivers[i]!.id, message: `m${k}` });
          if (status === 200) break;
          expect(k >= 8 && [502, 503].includes(status), `round ${k}: ${status}`).toBe(true);
        }
      }
    };
    const ROUNDS = 24;
    let k = 0;
    for (; k < 8; k++) await round(k);
    await waitFor(() => (clients.every((c) => c.state.texts.length === 8) ? true : undefined));
    processA.kill('SIGKILL');
    // The stream goes on while the killed instance's clients are away and come back.
    for (; k < 16; k++) await round(k);
    await waitFor(() => (clients.every((c) => c.state.open) ? true : undefined), 30_000);
    for (; k < ROUNDS; k++) await round(k);

    const all = Array.from({ length: ROUNDS }, (_, i) => `m${i}`);
    await waitFor(() => (clients.every((c) => c.state.texts.length >= ROUNDS) ? true : undefined), 15_000);
    for (const c of clients) {
      expect(c.state.texts).toEqual(all);
      expect(c.state.repeated).toBe(0);
      expect(c.state.resyncs).toBe(0);
    }
    // The kill took sockets with it: some clients did reconnect.
    expect(clients.filter((c) => c.state.drops > 0).length).toBeGreaterThan(0);
    for (const c of clients) c.stop();
  }, 90_000);
});
