/** Reads the configuration, opens the database, listens, and closes gracefully. */
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db/client';
import { ensureAdminGateSlug, bootstrapAdmin } from './db/bootstrap';
import { seedDemo } from './db/seed';
import { createRedisBus } from './realtime/redis-bus';

async function main(): Promise<void> {
  const config = configFromEnv();
  if (config.redisUrl && !config.databaseUrl) {
    throw new Error('REDIS_URL needs DATABASE_URL: several instances cannot share an embedded database.');
  }
  const database = await openDatabase(config);
  const demo = config.seedDemo ? await seedDemo(database.db) : null;
  await bootstrapAdmin(database.db, config);
  const slug = await ensureAdminGateSlug(database.db, config.adminGateSlug);
  // Several instances share live messages over Redis; one instance keeps them in process.
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl) : undefined;
  const app = await buildApp({ config, database, logger: true, bus });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await bus?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  const lines = [
    '',
    `Wallflower is running at ${base}/`,
    `Admin entrance: ${base}/admin/${slug}`,
    `API docs: ${base}/api/docs`,
    `Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`,
  ];
  if (demo) {
    lines.push('', 'Demo logins (fresh database):');
    for (const l of demo.logins) lines.push(`  ${l.role.padEnd(9)} ${l.username} / ${l.password}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
