/**
 * The project's folder, found from this module whether it runs from source (server/, under
 * tsx) or compiled into one file (dist-server/main.js): the nearest folder above holding
 * package.json. Files the server reads at run time (migrations, the database thread) are
 * named from here, so the same paths hold in both.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = join(projectRoot, 'server/db/migrations');
export const pgliteWorkerFile = join(projectRoot, 'server/db/pglite-worker.mjs');
