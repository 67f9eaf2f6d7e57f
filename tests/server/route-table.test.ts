/**
 * DESIGN 4's deny-by-default guard, checked against Fastify's whole route table: every
 * API route is a user or admin route behind the acting-id guard unless it is on the
 * short list of public routes below, and each answers an anonymous caller accordingly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';

/** The only calls anyone may make without a session, and why. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'a load balancer asks it',
  'POST /api/auth/register': 'signing up',
  'POST /api/auth/login': 'signing in',
  'POST /api/auth/passkeys/login/options': 'signing in with a passkey: its challenge',
  'POST /api/auth/passkeys/login/verify': 'signing in with a passkey',
  'GET /api/calendar/:token.ics': 'a calendar app reads the feed by its secret address, with no cookie (issue 42)',
  'POST /api/auth/password-reset': 'a forgotten password: the link is asked for signed out (issue 41)',
  'POST /api/auth/password-reset/confirm': "the reset link's new password, signed out (issue 41)",
  'POST /api/auth/verify-email': 'a confirmation link may be opened in any browser, signed in or not (issue 41)',
  'GET /api/auth/session': 'the app asks who is signed in before anyone is',
  'GET /api/subscription/plans': 'the plans are shown before signing up',
  'GET /api/admin/secure-access/:slug': 'the admin entrance gate (SPEC 7)',
  'POST /api/admin/login': 'admin sign-in',
  'GET /api/admin/session': 'the admin panel asks who is signed in as it opens on an admin address (issue 39)',
  'GET /api/push/key': 'the VAPID public key is public by design: every push service sees it (issue 41)',
};

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const ZERO = '00000000-0000-4000-8000-000000000000';
const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, ZERO);

describe('the route table', () => {
  it('has every API route behind the guard or on the named public list', () => {
    const routes = t.app.guardedRoutes;
    expect(routes.length).toBeGreaterThan(60);
    const open = routes.filter((r) => r.auth === 'none').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(Object.keys(PUBLIC_ROUTES).sort());
    for (const r of routes) expect(['none', 'user', 'admin']).toContain(r.auth);
  });

  it('answers an anonymous caller 401 on every guarded route, before reading its input', async () => {
    const guarded = t.app.guardedRoutes.filter((r) => r.auth !== 'none');
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: `${withIds(r.url)}?user_id=${ZERO}&admin_id=${ZERO}`,
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({ route: `${r.method} ${r.url}`, status: 401 });
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('refuses the live channel to a caller without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/ws/${ZERO}` });
    expect(res.statusCode).toBe(401);
  });
});
