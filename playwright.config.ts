import { defineConfig } from '@playwright/test';

// Journeys run in Debian's Chromium against the production build (npm test builds first). There is no
// shared web server: each journey file starts its own on a fresh copy of the data directory that the
// global setup's first start of the build made (e2e/support/server.ts), and the fixture in
// e2e/support/fixtures.ts supplies baseURL. Two workers, each a browser and one file's server at a
// time: every file has its own server and data, so two files never meet. Measured 2026-11-28 on two
// cores, all 52 journeys: 11.6 min with two workers against 15.3 min with one (a journey spends much
// of its time waiting for its server or its browser, which the other worker fills).

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  // No retries: a journey that fails once is a failure to look at (docs/reliability.md, "Journeys that
  // act before the screen has changed").
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    // The journeys' visitors read Arabic: visitor pages are asked for in Arabic (the server answers an
    // address without `?lang=` in the browser's Accept-Language), while the browser's own languages,
    // which the admin area's first visit follows, stay en-US. A journey can ask otherwise.
    extraHTTPHeaders: { 'accept-language': 'ar,en;q=0.5' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
