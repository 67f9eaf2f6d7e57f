/**
 * The log policy (DESIGN 4): no line at any level carries query strings, SQL parameters,
 * password hashes, emails, cookies, tokens or message text. Requests are logged by
 * method and path alone; errors keep their class, code and message but not the values
 * they were given (Drizzle writes a failed query's parameters into its message, and
 * PostgreSQL repeats the failing row in `detail`); headers and bodies are redacted should
 * anything log them.
 */
import type { FastifyServerOptions } from 'fastify';

/** Where log lines are written, one JSON line per call. */
export interface LogStream {
  write(line: string): void;
}

const REDACTED = '[redacted]';

/** Error fields that name what failed without holding any of the data involved. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;
const MAX_CAUSES = 5;

/**
 * The message without the values in it: Drizzle's "Failed query: <sql>\nparams: <values>"
 * keeps its SQL (placeholders only), and PostgreSQL's quoted input in messages such as
 * `invalid input syntax for type uuid: "..."` or `value "..." is out of range` is hidden.
 */
export function withoutValues(message: string): string {
  return message
    .replace(/\n?params:[\s\S]*$/, '')
    .replace(/(: |value )"(?:[^"\\]|\\.)*"/g, `$1"${REDACTED}"`);
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** An error as the log may show it: class, code, message without values, stack frames, causes. */
export function safeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'a value that is not an Error was thrown', stack: '' };
  const type = err.constructor?.name || err.name || 'Error';
  const message = withoutValues(err.message);
  // The first lines of a stack repeat the message; only the frames are kept.
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const out: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** A request path as the log may show it: no query, and the admin entrance's secret hidden. */
export function safePath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path
    .replace(/^\/api\/calendar\/(?!feed(?:\/|$))[^/]+/, `/api/calendar/${REDACTED}`)
    .replace(/^\/api\/admin\/secure-access\/[^/]+/, `/api/admin/secure-access/${REDACTED}`).replace(/^\/admin\/[^/]+/, `/admin/${REDACTED}`);
}

/** Whatever might hold a cookie, a token, credentials or what a person typed. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
  'body',
  '*.body',
  'query',
  '*.query',
  'params',
  '*.params',
  'password',
  '*.password',
];

interface LogDeps {
  logLevel: string;
  /** Logging on (to stdout unless `logStream` is given). */
  logger?: boolean;
  /** Where log lines go; given by tests that read them. Logging is on when it is. */
  logStream?: LogStream;
}

/** Fastify's `logger` option: false, or pino's options under the policy above. */
export function loggerOptions(deps: LogDeps): FastifyServerOptions['logger'] {
  if (!deps.logger && !deps.logStream) return false;
  return {
    level: deps.logLevel,
    ...(deps.logStream ? { stream: deps.logStream } : {}),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: safePath(req.url) }),
      err: safeError,
      error: safeError,
    },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
}
