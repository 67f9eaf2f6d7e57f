/**
 * `npm run test:paths`: writes tests/model/PATHS.md, every chart's generated paths in
 * words, for QA to read. Needs neither the server nor a browser: the paths come from the
 * charts' definitions alone. With `--check` it writes nothing and fails when the file
 * is not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHART_MODELS } from './charts';
import { chartTransitions, generatePaths, pathsDocument, plannedCoverage } from './harness';

const target = fileURLToPath(new URL('./PATHS.md', import.meta.url));
const text = pathsDocument(CHART_MODELS);
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8') === text;
  console.log(current ? 'tests/model/PATHS.md is current' : 'tests/model/PATHS.md is out of date: run npm run test:paths');
  process.exit(current ? 0 : 1);
}
writeFileSync(target, text);
for (const model of CHART_MODELS) {
  const paths = generatePaths(model);
  const total = chartTransitions(model.counted ?? model.machine).length;
  console.log(`${model.name}: ${paths.length} paths taking ${plannedCoverage(paths).size}/${total} transitions`);
}
console.log(`wrote ${target}`);
