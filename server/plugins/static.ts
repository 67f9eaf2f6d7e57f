/**
 * Serves the built app. Every non-/api path that is not a file gets index.html (the
 * app reads /admin/<slug> itself); unknown /api paths get a JSON 404. Hashed files under
 * /assets/ are kept a year (immutable); the rest are checked again on each use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { EVENT_VIEW_PATH } from '../../contract/paths';
import { sentence } from '../../contract/said';
import { NOT_FOUND } from '../core/errors';
import { refusal } from './errors';
import { USER_COOKIE } from './session';

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

  const signedIn = hasApp ? signedInPages(root!) : null;
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
    const page = signedIn && request.cookies[USER_COOKIE] ? signedIn(EVENT_VIEW_PATH.test(path)) : null;
    if (!page) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie, accept-encoding')
      .type('text/html; charset=utf-8')
      .send(encoding ? page[encoding] : page.plain);
  });
}

type Page = { plain: Buffer; br: Buffer; gzip: Buffer };

/**
 * The page for someone with a session (issue 44 item 1): index.html with a modulepreload
 * for each chunk of the signed-in start, and of the event view when that is the address,
 * as the build names them in start.json (vite.config.ts startChunks). They then come with
 * the entry, not after it has run and found the session. The event view's are asked at a
 * low priority: they are needed only once the start has run, so on a slow link the
 * bandwidth goes to the start first (Lighthouse's mobile run of the event view: first
 * paint 2.09 → 1.75 s simulated, 95 → 96, bench/RESULTS.md). Null without start.json.
 */
function signedInPages(root: string): ((event: boolean) => Page) | null {
  const list = resolve(root, 'start.json');
  if (!existsSync(list)) return null;
  const chunks = JSON.parse(readFileSync(list, 'utf8')) as { start: string[]; event: string[] };
  const html = readFileSync(resolve(root, 'index.html'), 'utf8');
  const page = (files: string[], later: string[] = []): Page => {
    const links = [
      ...files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
      ...later.map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${f}">`),
    ].join('');
    const plain = Buffer.from(html.replace('</head>', `${links}</head>`));
    return { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain, { level: 9 }) };
  };
  const start = page(chunks.start);
  const event = page(chunks.start, chunks.event);
  return (atEvent) => (atEvent ? event : start);
}
