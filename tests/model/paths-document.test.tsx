/**
 * The committed paths document (tests/model/PATHS.md) is the one the charts generate
 * today: a chart or model changed without `npm run test:paths` fails here.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHART_MODELS } from './charts';
import { pathsDocument } from './harness';

describe('tests/model/PATHS.md', () => {
  it('is current (run npm run test:paths after changing a chart or its model)', () => {
    const committed = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'PATHS.md'), 'utf8');
    expect(committed).toBe(pathsDocument(CHART_MODELS));
  });
});
