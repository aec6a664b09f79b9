import { defineConfig } from '@playwright/test';

// Journeys run in Debian's Chromium against the production build (npm test builds first).
export const E2E_PORT = 3100;
export const E2E_ADMIN_PASSWORD = 'admin-e2e-password';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
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
  webServer: {
    command: `rm -rf .tmp/e2e-data && node apps/server/dist/main.js`,
    url: `http://127.0.0.1:${E2E_PORT}/api/ready`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/e2e-data',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      GUEST_ACCESS: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
    },
  },
});
