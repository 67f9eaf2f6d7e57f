#!/usr/bin/env node
// npm start: builds a part (app, server) only when its build is missing or was made from
// other sources (scripts/build.mjs), then runs the compiled server in this process: it
// serves app, API, live channel and /sw.js from one origin (server/main.ts).
import module from 'node:module';
import { PARTS, buildPart, isCurrent } from './build.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
for (const [name, part] of Object.entries(PARTS)) {
  if (isCurrent(part)) continue;
  console.log(`Building the ${name}…`);
  await buildPart(name);
}
// Stack traces name the TypeScript sources (dist-server/main.js.map).
process.setSourceMapsEnabled(true);
// V8 keeps the code it compiled for each module on disk, so later starts skip compiling
// the server and its packages (a quarter of a start's work on the main thread).
module.enableCompileCache('node_modules/.cache/wallflower/compile');
await import('../dist-server/main.js');
