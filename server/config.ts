/** Server configuration, read once from the environment (README lists every variable). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  adminGateSlug: string | null;
  seedDemo: boolean;
  adminUsername: string | null;
  adminPassword: string | null;
  /** Cookies get Secure when the app is served over HTTPS (behind a proxy). */
  secureCookies: boolean;
  /** Built front end to serve; null when there is none (tests of the API alone). */
  staticDir: string | null;
  logLevel: string;
  /** Where a banned person may write; told to them with the ban (none: they are pointed to their organisers). */
  supportEmail?: string | null;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), for the
   * per-client limits behind a reverse proxy: false (none, the default), a hop count, or
   * addresses/subnets ('loopback', '10.0.0.0/8', …) as Fastify's trustProxy takes them.
   */
  trustProxy?: boolean | number | string[];
  /**
   * The origin people reach the app at (PUBLIC_URL): links in emails, and the passkeys'
   * relying party (its host name is their id). Unset: http://<HOST>:<PORT>.
   */
  publicUrl: string;
}

/** TRUST_PROXY: unset/false → false; 'true' → every proxy; a number → that many hops; else a comma list. */
export function trustProxyFrom(v: string | undefined): boolean | number | string[] {
  if (v === undefined || v.trim() === '' || ['0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(v.toLowerCase())) return true;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  return v.split(',').map((x) => x.trim()).filter(Boolean);
}

/** PUBLIC_URL as an origin (no path, no trailing slash); unset → the address the server listens on. */
export function publicUrlFrom(v: string | undefined, host: string, port: number): string {
  if (!v?.trim()) return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const url = new URL(v.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must start with http:// or https://, got ${v}`);
  return url.origin;
}

const flag = (v: string | undefined, fallback: boolean): boolean =>
  v === undefined || v === '' ? fallback : !['0', 'false', 'no', 'off'].includes(v.toLowerCase());

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    adminGateSlug: env.ADMIN_GATE_SLUG || null,
    seedDemo: flag(env.SEED_DEMO, true),
    adminUsername: env.ADMIN_USERNAME || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    secureCookies: flag(env.SECURE_COOKIES, false),
    staticDir: env.STATIC_DIR ?? 'dist',
    logLevel: env.LOG_LEVEL || 'info',
    supportEmail: env.SUPPORT_EMAIL || null,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    publicUrl: publicUrlFrom(env.PUBLIC_URL, env.HOST || '127.0.0.1', port),
  };
}
