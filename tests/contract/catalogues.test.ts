/**
 * Issue 38, words in a library: the catalogues (PO files, src/i18n/locales,
 * machines/locales, contract/locales) are what `npm run i18n:extract` writes from the code,
 * and every message has its German. Lingui's own checks say so, as `npm run i18n:check`
 * runs them.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const lingui = (...args: string[]): { ok: boolean; out: string } => {
  try {
    const out = execFileSync(process.execPath, [join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js'), ...args, '--workers', '1'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { ok: true, out };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
};

describe('the catalogues', () => {
  it('are current with the code (run npm run i18n:extract after changing a message)', () => {
    const { ok, out } = lingui('check', 'sync', '--clean', '--overwrite');
    expect(ok, out).toBe(true);
  }, 60_000);

  it('have a German translation for every message id', () => {
    const { ok, out } = lingui('check', 'missing', '--mode', 'catalog', '--verbose');
    expect(ok, out).toBe(true);
  }, 60_000);
});
