/** npm start rebuilds a part only when its sources changed (scripts/build.mjs). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the build, without types
import { buildPart, isCurrent, PARTS, sourcesHash } from '../../scripts/build.mjs';

const root = process.cwd();
mkdirSync(join(root, '.tmp'), { recursive: true });
const work = mkdtempSync(join(root, '.tmp', 'build-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const rel = (p: string) => relative(root, p);

describe('scripts/build.mjs', () => {
  it('hashes what a part is built from: a changed, added or renamed file changes the hash, nothing else does', () => {
    mkdirSync(join(work, 'src', 'deep'), { recursive: true });
    writeFileSync(join(work, 'src', 'deep', 'a.ts'), 'export const a = 1;');
    writeFileSync(join(work, 'index.html'), '<p>');
    const part = { out: rel(join(work, 'out')), sources: [rel(join(work, 'src')), rel(join(work, 'index.html')), rel(join(work, 'missing'))] };
    const first = sourcesHash(part);
    expect(sourcesHash(part)).toBe(first);
    writeFileSync(join(work, 'src', 'deep', 'a.ts'), 'export const a = 2;');
    const changed = sourcesHash(part);
    expect(changed).not.toBe(first);
    writeFileSync(join(work, 'src', 'b.ts'), '');
    const added = sourcesHash(part);
    expect(added).not.toBe(changed);
    rmSync(join(work, 'src', 'b.ts'));
    writeFileSync(join(work, 'src', 'c.ts'), '');
    expect(sourcesHash(part)).not.toBe(added);
  });

  it('stamps a build with its sources, so a part is current until one of them changes', async () => {
    mkdirSync(join(work, 'app'), { recursive: true });
    writeFileSync(join(work, 'app', 'main.ts'), 'one');
    let builds = 0;
    const out = join(work, 'built');
    PARTS.test = {
      out: rel(out),
      sources: [rel(join(work, 'app'))],
      build: () => {
        builds++;
        mkdirSync(out, { recursive: true });
      },
    };
    try {
      expect(isCurrent(PARTS.test)).toBe(false);
      await buildPart('test');
      expect(builds).toBe(1);
      expect(isCurrent(PARTS.test)).toBe(true);
      writeFileSync(join(work, 'app', 'main.ts'), 'two');
      expect(isCurrent(PARTS.test)).toBe(false);
    } finally {
      delete PARTS.test;
    }
  });

  it('builds the server from server/ and contract/, and the app from what Vite reads', () => {
    expect(PARTS.server.sources).toEqual(expect.arrayContaining(['server', 'contract', 'package-lock.json']));
    expect(PARTS.app.sources).toEqual(expect.arrayContaining(['src', 'machines', 'contract', 'public', 'index.html', 'vite.config.ts']));
  });
});
