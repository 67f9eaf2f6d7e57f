/**
 * A migrated, empty PGlite cluster, made once when the project is installed (npm's
 * postinstall runs scripts/pglite-template.ts) and copied by the first start of an
 * embedded database (or its spare moved there) instead of running initdb there. initdb is most of a first start
 * (seconds, in a second WebAssembly instance beside the server's own), and the memory
 * it grows is never given back to the system; a copied cluster starts like a restart.
 *
 * The file is named after the PGlite version and the migrations it holds, so an upgrade
 * of either is never served an old cluster: without a matching file a start runs initdb
 * as before, only slower.
 */
import { createHash } from 'node:crypto';
import { type Dirent, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { migrationsFolder, projectRoot } from '../paths';

const root = projectRoot;

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
  rmSync(spareOf(dir), { recursive: true, force: true });
  rmSync(part, { recursive: true, force: true });
  mkdirSync(dirname(part), { recursive: true });
  const db = await open(part);
  await db.close();
  renameSync(part, dir);
}

/**
 * A copy of the template kept ready beside it: a first start moves it into the empty data
 * folder in one step (a rename) instead of copying the cluster's 1,200 files, which on a
 * busy disk took from a tenth of a second to more than one. After the server has started,
 * refillSpare makes the next one.
 */
export const spareOf = (template: string): string => `${template}.spare`;

/**
 * A first start: puts a cluster into an empty data folder, as plain files (no database
 * work, and nothing held in memory): the spare moved there, else the template copied.
 * Null when there is no template for this build, or the folder already holds a cluster.
 */
export async function placeCluster(dataDir: string, dir?: string): Promise<'moved' | 'copied' | null> {
  // A restart returns here, before the migrations are read to name the template.
  if (holdsCluster(dataDir)) return null;
  const template = dir ?? templateDir();
  if (!holdsCluster(template)) return null;
  mkdirSync(dirname(dataDir), { recursive: true });
  try {
    // Onto a missing or empty folder only; another filesystem, or another start that took it first, copies instead.
    renameSync(spareOf(template), dataDir);
    return 'moved';
  } catch {
    await copyCluster(template, dataDir);
    return 'copied';
  }
}

/** Makes the spare again once a first start has taken it (npm's postinstall makes the first). */
export async function refillSpare(dir = templateDir()): Promise<boolean> {
  const spare = spareOf(dir);
  if (existsSync(spare) || !holdsCluster(dir)) return false;
  const part = `${spare}.${process.pid}.part`;
  try {
    await copyCluster(dir, part);
    renameSync(part, spare);
    return true;
  } catch (err) {
    // Another process made it meanwhile: the folder is there, and this copy goes.
    rmSync(part, { recursive: true, force: true });
    if (existsSync(spare)) return false;
    throw err;
  }
}

/** Copies a cluster's folder, its files all at once rather than one after another. */
async function copyCluster(from: string, to: string): Promise<void> {
  const entries = readdirSync(from, { recursive: true, withFileTypes: true });
  const inside = (e: Dirent) => relative(from, join(e.parentPath, e.name));
  mkdirSync(to, { recursive: true });
  for (const e of entries) if (e.isDirectory()) mkdirSync(join(to, inside(e)), { recursive: true });
  await Promise.all(entries.filter((e) => e.isFile()).map((e) => copyFile(join(from, inside(e)), join(to, inside(e)))));
}
