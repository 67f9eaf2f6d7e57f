/**
 * Reads the configuration, opens the database, listens, and closes gracefully. The
 * database opens first: the embedded one starts on a thread of its own (copying its
 * template, compiling PostgreSQL's WebAssembly) while this thread loads the app, and the
 * demo data is written while the app is assembled, so a first start takes the longer of
 * each pair rather than their sum.
 */
import { join } from 'node:path';
import { configFromEnv, publicOrigin } from './config';
import { openDatabase } from './db/client';

async function main(): Promise<void> {
  const config = configFromEnv();
  if (config.redisUrl && !config.databaseUrl) {
    throw new Error('REDIS_URL needs DATABASE_URL: several instances cannot share an embedded database.');
  }
  const opening = openDatabase(config);
  // Awaited below; until then a failure must not count as unhandled.
  opening.catch(() => {});
  const [{ buildApp }, { ensureAdminGateSlug, bootstrapAdmin, firstShowingOfAdminEntrance, adminEntranceLines }, { seedDemo }] = await Promise.all([
    import('./app'),
    import('./db/bootstrap'),
    import('./db/seed'),
  ]);
  const database = await opening;
  // Several instances share live messages over Redis; one instance keeps them in process.
  // Limits are counted in Redis too, so N instances hold one limit (DESIGN 4). A request
  // waits at most one retry for it: a limit that cannot be counted fails, not passes.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  // The browser tests move the server's clock (TEST_CLOCK_CONTROL=true, never in production).
  const testClock = process.env.TEST_CLOCK_CONTROL === 'true' ? await (await import('./test-clock')).testClockControl() : null;
  const { bus, rateLimitRedis } = redis ?? { bus: undefined, rateLimitRedis: null };
  const prepareData = async () => {
    const configuredAdmin = !!(config.adminUsername && config.adminPassword);
    // A configured admin replaces the demo one; it exists with its configured password at every start.
    const demo = config.seedDemo ? await seedDemo(database.db, new Date(), { demoAdmin: !configuredAdmin }) : null;
    const admin = await bootstrapAdmin(database.db, config);
    const slug = await ensureAdminGateSlug(database.db, config.adminGateSlug);
    const showEntrance = await firstShowingOfAdminEntrance(database.db);
    return { demo, admin, slug, showEntrance };
  };
  const [{ demo, admin, slug, showEntrance }, app] = await Promise.all([
    prepareData(),
    buildApp({ config, database, logger: true, bus, rateLimitRedis, clock: testClock?.clock }),
  ]);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await testClock?.close();
    await bus?.close();
    await rateLimitRedis?.quit();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  // Links in emails name this server as it listens (PORT=0 picks the port only now), unless PUBLIC_URL says otherwise.
  config.publicUrl ??= null;
  if (!config.publicUrl) config.publicUrl = publicOrigin({ ...config, port });
  const lines = [
    '',
    `Wallflower is running at ${base}/`,
    ...adminEntranceLines(base, slug, showEntrance),
    `API docs: ${base}/api/docs`,
    `Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`,
    // Without a mail server, resets and confirmations can still be followed from the files.
    app.mailer.kind === 'smtp'
      ? 'Email: sent through SMTP_URL'
      : `Email: no SMTP_URL, so every email is written to ${join(config.dataDir, 'outbox')}/ as an .eml file`,
  ];
  if (!process.env.PUBLIC_URL) lines.push(`Links in emails start with ${config.publicUrl} (set PUBLIC_URL to change it)`);
  if (testClock) lines.push(`Test clock control at ${testClock.url} (TEST_CLOCK_CONTROL: for tests only)`);
  if (admin === 'created') lines.push(`Admin: ${config.adminUsername} created from ADMIN_USERNAME / ADMIN_PASSWORD`);
  if (admin === 'password_reset') lines.push(`Admin: ${config.adminUsername}'s password set again from ADMIN_PASSWORD`);
  if (demo) {
    lines.push('', 'Demo logins (fresh database):');
    for (const l of demo.logins) lines.push(`  ${l.role.padEnd(9)} ${l.username} / ${l.password}`);
    if (demo.logins.some((l) => l.role === 'admin'))
      lines.push('  The admin password above was made for this installation and is shown only this once.');
  }
  console.log(lines.join('\n') + '\n');
  // The next first start's cluster, made ready once this one is serving (pglite-template.ts).
  if (database.kind === 'pglite') {
    const { refillSpare } = await import('./db/pglite-template');
    refillSpare().catch((err: Error) => app.log.warn(`no spare database cluster for the next first start: ${err.message}`));
  }
}

/** The Redis bus and the rate limits' client, loaded only when REDIS_URL is set. */
async function connectRedis(url: string) {
  const [{ createRedisBus }, { Redis }] = await Promise.all([import('./realtime/redis-bus'), import('ioredis')]);
  const bus = await createRedisBus(url);
  const rateLimitRedis = new Redis(url, { maxRetriesPerRequest: 1 });
  rateLimitRedis.on('error', (err: Error) => console.error(`[rate limits] ${err.message}`));
  return { bus, rateLimitRedis };
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
