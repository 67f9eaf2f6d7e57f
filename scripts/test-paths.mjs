#!/usr/bin/env node
// npm run test:paths: writes tests/model/PATHS.md, the model-based tests' paths generated
// from the production statecharts, in words for QA. Needs neither the server nor a
// browser; `--check` only says whether the committed file is current.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const result = spawnSync(process.execPath, ['--import', 'tsx', 'tests/model/write-paths.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
