/**
 * Scale-out as a user runs it (README "Scale out"): two real server processes of this
 * build on one PostgreSQL and one Redis, behind HAProxy with deploy/haproxy.cfg. A chat
 * sent through one instance reaches a socket held by the other, a ban on one closes the
 * banned person's socket on the other, and a sign-in limit holds across both through the
 * proxy. Runs in the server-postgres project when TEST_REDIS_URL is set and HAProxy is
 * installed (CI installs it); otherwise it is skipped and says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE } from '../../contract/live';
import { ADMIN, call, connect, cookieOf, enabled, register, startCluster, waitFor, why, type Cluster, type Person } from './proxy-helpers';

let cluster: Cluster | null = null;
let proxy = '';
let instanceA = '';
let instanceB = '';

beforeAll(async () => {
  if (!enabled) return;
  cluster = await startCluster();
  ({ proxy, instanceA, instanceB } = cluster);
}, 90_000);

afterAll(async () => {
  await cluster?.close();
}, 30_000);

/** A live channel held on `base`, with the messages it received. */
function live(base: string, p: Person) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/${p.id}`, { headers: { cookie: p.cookie } });
  const messages: Array<{ type: string; [k: string]: unknown }> = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return { ws, messages, opened, closed };
}

describe('two server processes behind HAProxy', () => {
  it.skipIf(!enabled)(`a chat sent through one instance reaches a socket held by the other${why}`, async () => {
    const ana = await register(instanceA);
    const ben = await register(instanceA);
    await connect(instanceA, ana, ben);
    const benLive = live(instanceB, ben);
    await benLive.opened;
    const sent = await call(instanceA, 'POST', `/chat/send?user_id=${ana.id}`, ana.cookie, { to_user: ben.id, message: 'Across the proxy' });
    expect(sent.status).toBe(200);
    const got = await waitFor(() => benLive.messages.find((m) => m.type === 'new_message'));
    expect((got.message as { message: string }).message).toBe('Across the proxy');
    // And through the proxy, whichever instance answers.
    expect((await call(proxy, 'POST', `/chat/send?user_id=${ana.id}`, ana.cookie, { to_user: ben.id, message: 'Via HAProxy' })).status).toBe(200);
    await waitFor(() => benLive.messages.find((m) => m.type === 'new_message' && (m.message as { message: string }).message === 'Via HAProxy'));
    benLive.ws.close();
  });

  it.skipIf(!enabled)(`a ban on one instance closes the banned person's socket on the other${why}`, async () => {
    const cy = await register(instanceA);
    const cyLive = live(instanceB, cy);
    await cyLive.opened;
    const login = await call(instanceA, 'POST', '/admin/login', null, ADMIN);
    expect(login.status).toBe(200);
    const admin = { id: (login.json!.admin as { id: string }).id, cookie: cookieOf(login.res, 'wf_admin') };
    const ban = await call(instanceA, 'POST', `/admin/users/${cy.id}/ban?admin_id=${admin.id}`, admin.cookie, {
      user_id: cy.id,
      reason: 'Testing the proxy',
      ban_type: 'temporary',
      duration_days: 1,
    });
    expect(ban.status).toBe(200);
    expect(await cyLive.closed).toBe(LIVE_CLOSE.sessionEnded);
    expect((await call(instanceB, 'GET', '/auth/me', cy.cookie)).status).toBe(403);
  });

  it.skipIf(!enabled)(`a sign-in limit holds across both instances through the proxy${why}`, async () => {
    const dee = await register(instanceA);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(proxy, 'POST', '/auth/login', null, { username_or_email: dee.username, password: 'wrong-password' })).status);
    }
    // Five free failures counted in Redis, whichever instance took each; the sixth waits.
    // Counted per instance, the round robin would have let all six through as 401.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // The same, alternating the instances by hand: a limit counted per process would let
    // each of them see only three failures and answer 401 six times.
    const eve = await register(instanceA);
    const alternating: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = i % 2 === 0 ? instanceA : instanceB;
      alternating.push((await call(base, 'POST', '/auth/login', null, { username_or_email: eve.username, password: 'wrong-password' })).status);
    }
    expect(alternating).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
