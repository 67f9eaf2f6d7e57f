import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { words } from './vite.config';

const serverTests = ['tests/server/**/*.test.ts'];
const withPostgres = !!process.env.TEST_DATABASE_URL;

const testFiles = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .map((f) => `tests/${f}`)
  .filter((f) => /\.test\.tsx?$/.test(f));

/** Test files that replace a module (vi.mock): they need a module graph of their own. */
const mocking = testFiles.filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(f, 'utf8')));

/**
 * Files that open a database but test what no SQL decides, and run once, on PGlite (the
 * same PostgreSQL): the walk of every route with bad text (refused by the contract's
 * schemas before any query), and the attacks on the distances (the positions' rules).
 * Together they took some 50 s of every run a second time.
 */
const notSql = ['tests/server/text-rule.test.ts', 'tests/server/location-multilateration.test.ts', 'tests/server/location-privacy.test.ts'];

/**
 * The server's test files that open a database: only these run again on PostgreSQL. The
 * others test pure rules, or PGlite's own parts, and would only pass a second time.
 */
const sqlTests = testFiles.filter(
  (f) =>
    f.startsWith('tests/server/') &&
    !/\/pglite-[^/]*\.test\.ts$/.test(f) &&
    !notSql.includes(f) &&
    /\b(testApp|openTestDatabase|openPostgres|createPostgresTestDatabase|buildApp)\b|from '(\.\.\/|\.\/)+([a-z-]+-)?helpers'/.test(readFileSync(f, 'utf8')),
);

/**
 * A project's files share their worker's modules and environment (isolate: false): loading
 * the server or the app, and a jsdom, once per worker instead of once per file halves the
 * suite's time on two cores. What a file may leave behind is reset before the next one by
 * tests/reset-between-files.ts and the project's own setup file. Files that mock a module
 * run apart, each in its own graph.
 */
function sharedModules(project: TestProjectInlineConfiguration): TestProjectInlineConfiguration[] {
  const test = project.test!;
  // Its folders, from its globs ('tests/server/**/*.test.ts' → 'tests/server/'), or its files.
  const under = (test.include ?? []).map((glob) => (glob.includes('*') ? glob.slice(0, glob.indexOf('*')) : glob));
  const own = mocking.filter((f) => under.some((dir) => f.startsWith(dir)));
  return [
    {
      ...project,
      test: { ...test, isolate: false, exclude: [...configDefaults.exclude, ...own], setupFiles: ['tests/reset-between-files.ts', ...[test.setupFiles ?? []].flat()] },
    },
    ...(own.length ? [{ ...project, test: { ...test, name: `${test.name}-isolated`, include: own } }] : []),
  ];
}

const serverProject = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: db === 'postgres' ? sqlTests : serverTests,
    environment: 'node',
    globalSetup: ['tests/server/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { WF_TEST_DB: db },
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine. The
    // server files wait on their databases a good part of the time: three keep two cores busy
    // (4m12s where two took 4m37s-5m07s for the whole run, 2026-12-06).
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
    // Every project lists its own files; e2e runs under Playwright.
    projects: [
      { plugins: words(), test: { name: 'contract', include: ['tests/contract/**/*.test.ts', 'tests/scripts/**/*.test.ts'], environment: 'node' } },
      ...sharedModules(serverProject('server', 'pglite')),
      ...(withPostgres ? sharedModules(serverProject('server-postgres', 'postgres')) : []),
      { test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node', setupFiles: ['tests/quiet-failures.ts'] } },
      ...sharedModules(
        {
          plugins: [...words(), react()],
          test: {
            name: 'ui',
            include: ['tests/components/**/*.test.tsx', 'tests/model/**/*.test.tsx'],
            environment: './tests/phone-jsdom.ts',
            setupFiles: ['tests/components/setup.ts', 'tests/quiet-failures.ts'],
            testTimeout: 40_000,
          },
        },
      ),
    ],
  },
});
