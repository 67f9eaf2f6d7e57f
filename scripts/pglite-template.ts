/**
 * Makes the migrated, empty PGlite cluster that the first start of an embedded database
 * copies (server/db/pglite-template.ts). Run by npm's postinstall, and again by hand with
 * `--force`. Never fails an install: without it a first start runs initdb itself.
 */
import { openPglite } from '../server/db/client';
import { holdsCluster, makeTemplate, refillSpare, templateDir } from '../server/db/pglite-template';

async function main(): Promise<void> {
  const dir = templateDir();
  if (holdsCluster(dir) && !process.argv.includes('--force')) return void (await refillSpare(dir));
  const started = performance.now();
  await makeTemplate((dataDir) => openPglite(dataDir), dir);
  await refillSpare(dir);
  console.log(`[wallflower] embedded database template made in ${((performance.now() - started) / 1000).toFixed(1)} s: ${dir}`);
}

main().catch((err: unknown) => {
  console.warn(`[wallflower] no embedded database template (a first start will run initdb): ${err instanceof Error ? err.message : String(err)}`);
});
