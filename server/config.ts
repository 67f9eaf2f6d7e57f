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
   * Where email goes (issue 41): smtp:// or smtps://, with user:pass when the server asks
   * for them. Null: every email is written as an .eml file under <dataDir>/outbox/.
   */
  smtpUrl?: string | null;
  /** The sender of every email. */
  mailFrom?: string;
  /** The origin in the links emails carry; null: http://<host>:<port>. */
  publicUrl?: string | null;
  /** Web Push (issue 41): a VAPID key pair given by VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; absent, one made at the first start is kept in the database. */
  vapidPublicKey?: string | null;
  vapidPrivateKey?: string | null;
  /** Who runs this server, for the push services (VAPID_SUBJECT: mailto: or https:). */
  vapidSubject?: string;
  /** Exact origins besides the browser push services that pushes may go to (PUSH_ENDPOINT_ALLOW). */
  pushEndpointAllow?: string[];
}

/** The origin links are made from: PUBLIC_URL, else this server's own address. */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

function smtpUrlFrom(v: string | undefined): string | null {
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must be an smtp:// or smtps:// address');
  return v;
}

function publicUrlFrom(v: string | undefined): string | null {
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_URL must be an http:// or https:// origin, got ${v}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http:// or https:// origin, got ${v}`);
  return url.origin;
}

/** VAPID_SUBJECT, else SUPPORT_EMAIL as a mailto:, else a placeholder the push services accept. */
export function vapidSubjectFrom(env: NodeJS.ProcessEnv): string {
  const subject = env.VAPID_SUBJECT || (env.SUPPORT_EMAIL ? `mailto:${env.SUPPORT_EMAIL}` : 'mailto:wallflower@example.org');
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, got ${subject}`);
  return subject;
}

/** TRUST_PROXY: unset/false → false; 'true' → every proxy; a number → that many hops; else a comma list. */
export function trustProxyFrom(v: string | undefined): boolean | number | string[] {
  if (v === undefined || v.trim() === '' || ['0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(v.toLowerCase())) return true;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  return v.split(',').map((x) => x.trim()).filter(Boolean);
}

/** Both VAPID keys or neither: one alone would sign with a key the browsers were never given. */
function vapidKeysFrom(env: NodeJS.ProcessEnv): { vapidPublicKey: string | null; vapidPrivateKey: string | null } {
  const pub = env.VAPID_PUBLIC_KEY || null;
  const priv = env.VAPID_PRIVATE_KEY || null;
  if (!pub !== !priv) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  return { vapidPublicKey: pub, vapidPrivateKey: priv };
}

/** PUSH_ENDPOINT_ALLOW: comma-separated exact origins (scheme, host and port); one that does not read as an origin fails the start. */
export function pushOriginsFrom(value: string | undefined): string[] {
  if (!value || value.trim() === '') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        throw new Error(`PUSH_ENDPOINT_ALLOW: '${s}' is not an origin`);
      }
      // An origin only: scheme, host and port; no path, credentials, query or fragment.
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash || url.username || url.password)
        throw new Error(`PUSH_ENDPOINT_ALLOW: '${s}' is not an origin`);
      return url.origin;
    });
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
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Wallflower <wallflower@localhost>',
    publicUrl: publicUrlFrom(env.PUBLIC_URL),
    ...vapidKeysFrom(env),
    vapidSubject: vapidSubjectFrom(env),
    pushEndpointAllow: pushOriginsFrom(env.PUSH_ENDPOINT_ALLOW),
  };
}
