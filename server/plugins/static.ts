/**
 * Serves the built app. Every non-/api path that is not a file gets index.html (the
 * app reads /admin/<slug> itself); unknown /api paths get a JSON 404. Hashed files under
 * /assets/ are kept a year (immutable); the rest are checked again on each use.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sentence } from '../../contract/said';
import { NOT_FOUND } from '../core/errors';
import { refusal } from './errors';

const noRoute = sentence(
  /*i18n*/ { id: 'error.noRoute', message: 'Route {method} {path} not found' },
  ({ method, path }: { method: string; path: string }) => `Route ${method} ${path} not found`,
);

export async function registerStatic(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const root = staticDir ? resolve(staticDir) : null;
  const hasApp = !!root && existsSync(resolve(root, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts precompress):
      // sent to browsers that accept them, the plain file to the rest.
      preCompressed: true,
      setHeaders(res, path) {
        if (/\/assets\//.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/ws/')) {
      return reply.status(404).send(refusal(noRoute({ method: request.method, path })));
    }
    if (!hasApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(refusal(NOT_FOUND));
    }
    const lastSegment = path.split('/').pop() ?? '';
    if (lastSegment.includes('.') && !path.startsWith('/admin/')) {
      return reply.status(404).send(refusal(NOT_FOUND));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
