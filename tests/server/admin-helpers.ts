/**
 * Helpers for the admin route tests: an app with a recording Realtime, admins made and
 * signed in per test, and a look at the audit log.
 */
import { vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RateLimits } from '../../server/app';
import type { Config } from '../../server/config';
import { createAdmin } from '../../server/db/bootstrap';
import { adminActions } from '../../server/db/schema';
import type { Realtime } from '../../server/core/realtime';
import { type FakeClock, testApp, uniqueName, type TestApp } from './helpers';

export const ADMIN_PASSWORD = 'Lanterns42';

export function recordingRealtime() {
  return {
    toUsers: vi.fn<Realtime['toUsers']>(async () => {}),
    toEvent: vi.fn<Realtime['toEvent']>(async () => {}),
    disconnectUser: vi.fn<Realtime['disconnectUser']>(async () => {}),
    close: vi.fn<Realtime['close']>(async () => {}),
  } satisfies Realtime;
}

export type RecordingRealtime = ReturnType<typeof recordingRealtime>;

/** testApp, with a Realtime a test can look into. */
export async function adminTestApp(
  opts: { clock?: FakeClock; rateLimits?: Partial<RateLimits>; config?: Partial<Config> } = {},
): Promise<TestApp & { realtime: RecordingRealtime }> {
  const realtime = recordingRealtime();
  return { ...(await testApp({ ...opts, realtime })), realtime };
}

export interface TestAdmin {
  id: string;
  username: string;
  password: string;
  cookie: string;
  headers: { cookie: string };
}

export function adminCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'wf_admin');
  if (!c) throw new Error(`no admin cookie in answer ${res.statusCode}: ${res.body}`);
  return `wf_admin=${c.value}`;
}

export const adminLogin = (app: FastifyInstance, username: string, password: string, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, ...(remoteAddress ? { remoteAddress } : {}) });

/** A new admin (letters and digits only, as admin names must be), signed in. */
export async function makeAdmin(app: FastifyInstance, role = 'admin'): Promise<TestAdmin> {
  const username = uniqueName('adm');
  const { id } = await createAdmin(app.db, { username, password: ADMIN_PASSWORD, role });
  const res = await adminLogin(app, username, ADMIN_PASSWORD);
  if (res.statusCode !== 200) throw new Error(`admin login failed ${res.statusCode}: ${res.body}`);
  const cookie = adminCookie(res);
  return { id, username, password: ADMIN_PASSWORD, cookie, headers: { cookie } };
}

export async function auditCount(app: FastifyInstance, adminId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminActions)
    .where(eq(adminActions.adminId, adminId));
  return row?.n ?? 0;
}

export async function auditRows(app: FastifyInstance, adminId: string) {
  return app.db.select().from(adminActions).where(eq(adminActions.adminId, adminId));
}
