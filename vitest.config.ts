import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverTests = ['tests/server/**/*.test.ts'];
const withPostgres = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // Every project lists its own files; e2e runs under Playwright.
    projects: [
      { test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: serverTests,
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { WF_TEST_DB: 'pglite' },
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                environment: 'node' as const,
                globalSetup: ['tests/server/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { WF_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      { test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          include: ['tests/components/**/*.test.tsx', 'tests/model/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/components/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
