/** Security headers, and refusal of state-changing requests from another origin. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { forbidden } from '../core/errors';
import type { Said } from '../../contract/said';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the app may ask the browser for: its own pages may use geolocation (discovery)
 * and the camera (photos); nothing else, and no embedded page anything. Notifications
 * are asked through their own permission prompt: `notifications` is no Permissions-Policy
 * feature, and Chromium warned about it on every page (issue 39), so only features the
 * browsers know are named.
 */
const GRANTED_TO_SELF = ['geolocation', 'camera'];
const DENIED = [
  'microphone',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
  'display-capture',
  'browsing-topics',
  'magnetometer',
  'gyroscope',
  'accelerometer',
  'xr-spatial-tracking',
  'idle-detection',
  'local-fonts',
  'window-management',
  'clipboard-read',
];
export const PERMISSIONS_POLICY = [...GRANTED_TO_SELF.map((f) => `${f}=(self)`), ...DENIED.map((f) => `${f}=()`)].join(', ');

/** A host name or [IPv6] address with an optional port: nothing that could end a CSP directive. */
const HOST = /^(?:[a-z\d-]+(?:\.[a-z\d-]+)*|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The app talks to its own origin only: the API, and the live channel at this origin's
 * ws: or wss: (wss behind TLS). 'self' covers those sockets only in browsers that follow
 * CSP 3, so the request's own host is named; a Host that is not a plain host name is
 * not repeated, leaving 'self'.
 */
function connectSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `'self' ws://${host} wss://${host}` : "'self'";
}

/** Hosts whose security headers are kept (a Host is the client's to choose: the list is cleared when full). */
const HOSTS_KEPT = 64;

/** API answers are personal and current: never kept by a browser or a proxy. */
const isApiPath = (url: string) => /^\/api(?:[/?]|$)/.test(url);

/**
 * Served over HTTPS (SECURE_COOKIES=true, as the session cookie is then Secure): browsers
 * are told to use nothing else for a year, subdomains included. Not otherwise: a plain
 * HTTP deployment would lock itself out of browsers that once saw the header.
 */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: false };

export function registerSecurity(app: FastifyInstance): void {
  // Built once (@fastify/helmet built them anew for each request, which cost the busiest
  // route a few per cent).
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // styled-components writes its rules into a style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The app and the API docs bring no fonts of their own: system fonts, nothing fetched.
        fontSrc: ["'self'"],
        connectSrc: [connectSources],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: app.config.secureCookies ? HSTS : false,
    crossOriginEmbedderPolicy: false,
  });
  // What helmet sets depends on nothing but the Host (connect-src names it): it is asked
  // once per Host, and its headers are set again on every request to that Host.
  const byHost = new Map<string, ReadonlyArray<readonly [string, string]>>();
  const headersFor = (req: IncomingMessage): ReadonlyArray<readonly [string, string]> | Error => {
    const host = req.headers.host ?? '';
    const kept = byHost.get(host);
    if (kept) return kept;
    const list: Array<[string, string]> = [];
    // helmet only removes X-Powered-By, which Fastify never sets.
    const capture = { setHeader: (name: string, value: unknown) => void list.push([name, String(value)]), removeHeader: () => {} };
    let failed: unknown;
    headers(req, capture as unknown as ServerResponse, (err?: unknown) => (failed = err));
    if (failed) return failed instanceof Error ? failed : new Error(String(failed));
    if (byHost.size >= HOSTS_KEPT) byHost.clear();
    byHost.set(host, list);
    return list;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    const list = headersFor(request.raw);
    if (list instanceof Error) return done(list);
    for (const [name, value] of list) reply.raw.setHeader(name, value);
    done();
  });

  // A refused WebSocket upgrade leaves the socket half in upgrade mode: close it rather
  // than let a client reuse it for its next request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.upgrade && reply.statusCode !== 101) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onRequest', (request, _reply, done) => done(crossSiteRefusal(request)));
}

const NOT_FROM_HERE: Said = /*i18n*/ { id: 'error.notFromHere', message: 'Requests from other sites are not accepted' };

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
