#!/usr/bin/env node
// npm start: builds the app when the build is missing or older than its sources, then
// serves app, API, live channel and /sw.js from one origin (server/main.ts).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const newest = (dir) => {
  let t = 0;
  for (const name of readdirSync(join(root, dir), { withFileTypes: true })) {
    const p = join(dir, name.name);
    t = Math.max(t, name.isDirectory() ? newest(p) : statSync(join(root, p)).mtimeMs);
  }
  return t;
};
const built = join(root, 'dist/index.html');
const sourcesTime = Math.max(...['src', 'machines', 'contract', 'public'].map(newest), statSync(join(root, 'index.html')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sourcesTime) {
  console.log('Building the app…');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
