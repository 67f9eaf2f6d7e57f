#!/usr/bin/env node
// npm run build: the front end (Vite, into dist/) and the server (esbuild, into
// dist-server/main.js: one ES module, its packages imported from node_modules). Each build
// is stamped with a hash of the files it was made from (<out>/.sources), so npm start
// rebuilds only a part whose sources changed, and never one that matches them.
//   node scripts/build.mjs [app] [server]     (default: both)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export const PARTS = {
  app: {
    out: 'dist',
    sources: ['src', 'machines', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'],
    build() {
      const vite = join(root, 'node_modules/vite/bin/vite.js');
      const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('the app did not build');
    },
  },
  server: {
    out: 'dist-server',
    sources: ['server', 'contract', 'package-lock.json'],
    async build() {
      const esbuild = await import('esbuild');
      rmSync(join(root, 'dist-server'), { recursive: true, force: true });
      await esbuild.build({
        absWorkingDir: root,
        entryPoints: ['server/main.ts'],
        outdir: 'dist-server',
        bundle: true,
        // What main.ts imports lazily is a chunk of its own, loaded while the database opens.
        splitting: true,
        chunkNames: 'chunks/[name]-[hash]',
        platform: 'node',
        format: 'esm',
        target: 'node22',
        // Packages stay in node_modules, imported as from source, but for drizzle-orm: its
        // 450 modules took Node 0.6 s to resolve and load at every start, and in one
        // file they take a few milliseconds.
        external: Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies).filter((name) => name !== 'drizzle-orm'),
        sourcemap: true,
        logLevel: 'warning',
      });
    },
  },
};

/** A source path's files, relative to the project (a folder's at any depth). */
function filesOf(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** A hash of a part's source files: their paths and contents. */
export function sourcesHash(part) {
  const hash = createHash('sha256');
  for (const file of part.sources.flatMap(filesOf).sort()) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

const stampOf = (part) => join(root, part.out, '.sources');
/** Whether a part's build is there and was made from the sources as they are now. */
export const isCurrent = (part, hash = sourcesHash(part)) => existsSync(stampOf(part)) && readFileSync(stampOf(part), 'utf8') === hash;

/** Builds a part and stamps it with the hash of the sources it was made from. */
export async function buildPart(name) {
  const part = PARTS[name];
  const hash = sourcesHash(part);
  const t0 = performance.now();
  await part.build();
  writeFileSync(stampOf(part), hash);
  return performance.now() - t0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(PARTS);
  for (const name of names) {
    if (!PARTS[name]) throw new Error(`unknown part '${name}': app or server`);
    const ms = await buildPart(name);
    console.log(`[build] ${name}: ${PARTS[name].out}/ in ${(ms / 1000).toFixed(1)} s`);
  }
}
