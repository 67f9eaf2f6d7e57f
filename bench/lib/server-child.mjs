/**
 * One Wallflower instance on in-memory PGlite, for bench/lib/setups.mjs: seeds its
 * database (BENCH_SEED, see setups.mjs) before it listens on 127.0.0.1, tells its parent
 * the address and what the seed answered, and closes when told to or when the parent
 * goes. Built as main.ts builds it, without the log lines (they would be written per request);
 * BENCH_APP may add config and rate limits of the bench's own.
 */
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { openPglite, openPgliteThread } from '../../server/db/client.ts';

process.on('disconnect', () => process.exit(0));

async function main() {
  const seed = JSON.parse(process.env.BENCH_SEED);
  // As server/main.ts opens it: the embedded database in a thread of its own
  // (BENCH_PGLITE=main: on the server's main thread, as tests open it, for comparison).
  const database = process.env.BENCH_PGLITE === 'main' ? await openPglite(null) : await openPgliteThread(null);
  const info = await (await import(seed.module))[seed.name](database.db, seed.options);
  // BENCH_APP (JSON, optional): config, rate limits and push options a bench sets for its load (bench/writes.mjs says which and why).
  const own = JSON.parse(process.env.BENCH_APP ?? '{}');
  const app = await buildApp({
    config: { ...configFromEnv({}), staticDir: null, seedDemo: false, ...own.config },
    database,
    logger: false,
    ...(own.rateLimits ? { rateLimits: own.rateLimits } : {}),
    ...(own.pushOptions ? { pushOptions: own.pushOptions } : {}),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', async (m) => {
    if (m.type !== 'stop') return;
    await app.close();
    await database.close();
    process.exit(0);
  });
  process.send({ type: 'ready', address, info });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
