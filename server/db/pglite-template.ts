/**
 * A migrated, empty PGlite cluster, made once when the project is installed (npm's
 * postinstall runs scripts/pglite-template.ts) and copied by the first start of an
 * embedded database instead of running initdb there. initdb is most of a first start
 * (seconds, in a second WebAssembly instance beside the server's own), and the memory
 * it grows is never given back to the system; a copied cluster starts like a restart.
 *
 * The file is named after the PGlite version and the migrations it holds, so an upgrade
 * of either is never served an old cluster: without a matching file a start runs initdb
 * as before, only slower.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** What the cluster depends on: the PGlite build and every migration file. */
function templateKey(): string {
  const manifest = join(root, 'node_modules/@electric-sql/pglite/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return `pglite-${version}-${hash.digest('hex').slice(0, 16)}`;
}

/** Where the cluster for this PGlite build and these migrations is kept (a data folder). */
export function templateDir(cacheDir = join(root, 'node_modules/.cache/wallflower')): string {
  return join(cacheDir, templateKey());
}

/** Whether a data folder already holds a cluster (a restart, not a first start). */
export const holdsCluster = (dataDir: string): boolean => existsSync(join(dataDir, 'PG_VERSION'));

/**
 * Makes the template: `open` starts PGlite in a folder and migrates it, then closes it
 * cleanly. It is made beside its place and moved there whole, so a template is never half made.
 */
export async function makeTemplate(open: (dataDir: string) => Promise<{ close(): Promise<void> }>, dir = templateDir()): Promise<void> {
  const part = `${dir}.${process.pid}.part`;
  // Gone first, so that opening the new one cannot start from the old one.
  rmSync(dir, { recursive: true, force: true });
  rmSync(part, { recursive: true, force: true });
  mkdirSync(dirname(part), { recursive: true });
  const db = await open(part);
  await db.close();
  renameSync(part, dir);
}

/**
 * A first start: copies the template into an empty data folder, as plain files (no
 * database work, and nothing held in memory). False when there is no template for this
 * build, or the folder already holds a cluster.
 */
export function copyTemplate(dataDir: string, dir?: string): boolean {
  // A restart returns here, before the migrations are read to name the template.
  if (holdsCluster(dataDir)) return false;
  const template = dir ?? templateDir();
  if (!holdsCluster(template)) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}
