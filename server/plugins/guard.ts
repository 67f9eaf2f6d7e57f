/**
 * The acting-id guard of DESIGN 4, on every route: no session answers 401; an acting id
 * in the query (or a body user_id) that is not the session's own answers 403. Routes
 * are user routes unless they say otherwise with `config: { auth }`. It runs before
 * validation, so an anonymous caller learns nothing about the input's shape.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../core/errors';
import { banDetail } from '../domain/bans';

export type AuthMode = 'none' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyInstance {
    /** Every API route and how the guard treats it, as registered (a test walks it). */
    guardedRoutes: ReadonlyArray<{ method: string; url: string; auth: AuthMode }>;
  }
}

/** Where a call names who acts (DESIGN 4); the OpenAPI document lists them too. */
export const USER_KEYS = ['user_id', 'from_user_id', 'user1'] as const;
export const ADMIN_KEYS = ['admin_id'] as const;

function actingIds(request: FastifyRequest, keys: readonly string[]): unknown[] {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const ids: unknown[] = [];
  for (const k of keys) {
    if (query[k] !== undefined) ids.push(query[k]);
    if (body[k] !== undefined && k === 'user_id') ids.push(body[k]);
  }
  return ids;
}

export function registerGuard(app: FastifyInstance): void {
  const table: Array<{ method: string; url: string; auth: AuthMode }> = [];
  app.decorate('guardedRoutes', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const auth = (route.config as { auth?: AuthMode } | undefined)?.auth ?? 'user';
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, auth });
  });
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url ?? '';
    // Only API routes are guarded; the docs and the app's own files are public.
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const mode = request.routeOptions.config.auth ?? 'user';
    if (mode === 'none') return;
    if (mode === 'user') {
      if (!request.user) throw signedOut(request);
      if (actingIds(request, USER_KEYS).some((v) => v !== request.user!.id)) throw forbidden(/*i18n*/ { id: 'error.actAsYourself', message: 'You can only act as yourself' });
      return;
    }
    if (!request.admin) throw unauthorized(/*i18n*/ { id: 'error.adminSignedOut', message: 'You need to be signed in as an admin to do that' });
    if (actingIds(request, ADMIN_KEYS).some((v) => v !== request.admin!.id))
      throw forbidden(/*i18n*/ { id: 'error.actAsYourself', message: 'You can only act as yourself' });
  });
}

/** No user: 401, or 403 with the ban when a ban ended this cookie's session. */
function signedOut(request: FastifyRequest) {
  const ban = request.userBan;
  return ban ? forbidden(banDetail(ban.until ? new Date(ban.until) : null), { ban }) : unauthorized();
}

/** The signed-in user of a user route (the guard has already run). */
export function actor(request: FastifyRequest) {
  if (!request.user) throw signedOut(request);
  return request.user;
}

export function adminActor(request: FastifyRequest) {
  if (!request.admin) throw unauthorized(/*i18n*/ { id: 'error.adminSignedOut', message: 'You need to be signed in as an admin to do that' });
  return request.admin;
}
