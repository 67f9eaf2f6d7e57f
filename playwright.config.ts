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

/**
 * Specs that move the server's clock (setServerClockOffset): they have a server of their
 * own (tests/e2e/global-setup.ts) and run one at a time, beside the others.
 */
const CLOCK_SPECS = ['**/lapse.spec.ts', '**/meetings.spec.ts', '**/recap.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Two browsers at once: three were slower here, each test taking half as long again.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'journeys', testIgnore: CLOCK_SPECS },
    { name: 'clock', testMatch: CLOCK_SPECS, workers: 1 },
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
    // A phone's layout at one device pixel per CSS pixel: the Pixel 7's 2.625 made Chromium
    // draw (in software, here) and the screenshots hold seven times the pixels, for the same
    // layout. E2E_DPR=2.625 draws as the phone does, for pictures to look at closely.
    deviceScaleFactor: Number(process.env.E2E_DPR ?? 1),
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
