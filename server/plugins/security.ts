/** Security headers, and refusal of state-changing requests from another origin. */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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

  // A refused WebSocket upgrade leaves the socket half in upgrade mode: close it rather
  // than let a client reuse it for its next request.
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.upgrade && reply.statusCode !== 101) reply.header('connection', 'close');
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Requests from other sites are not accepted');
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden('Requests from other sites are not accepted');
    }
    if (host !== request.headers.host) throw forbidden('Requests from other sites are not accepted');
  });
}
