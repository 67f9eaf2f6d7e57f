import { defineConfig, devices } from '@playwright/test';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Specs that move the server's clock (setServerClockOffset): nothing else may run beside them. */
const CLOCK_SPECS = ['**/lapse.spec.ts', '**/meetings.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Two browsers at once beside the one server; the specs that move the server's clock
  // run after the others, one at a time (the 'clock' project), as the clock is shared.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'journeys', testIgnore: CLOCK_SPECS },
    { name: 'clock', testMatch: CLOCK_SPECS, dependencies: ['journeys'], workers: 1 },
  ],
  retries: 0,
  // Generous: the same suite takes two to three times as long on a slow day of this shared host.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT ?? '.tmp/playwright.json' }]],
  outputDir: '.tmp/test-results',
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
