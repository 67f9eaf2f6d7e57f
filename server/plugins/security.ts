/** Security headers, and refusal of state-changing requests from another origin. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSecurity(app: FastifyInstance): void {
  // Built once: the same headers on every answer (@fastify/helmet built them anew for
  // each request, which cost the busiest route a few per cent).
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // styled-components writes its rules into a style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)),
  );

  // A refused WebSocket upgrade leaves the socket half in upgrade mode: close it rather
  // than let a client reuse it for its next request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.upgrade && reply.statusCode !== 101) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onRequest', (request, _reply, done) => done(crossSiteRefusal(request)));
}

const NOT_FROM_HERE = 'Requests from other sites are not accepted';

/** The refusal of a state-changing request sent from another site, if it is one. */
function crossSiteRefusal(request: FastifyRequest): Error | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (request.headers['sec-fetch-site'] === 'cross-site') return forbidden(NOT_FROM_HERE);
  const origin = request.headers.origin;
  if (!origin) return undefined;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return forbidden(NOT_FROM_HERE);
  }
  return host === request.headers.host ? undefined : forbidden(NOT_FROM_HERE);
}
