import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Browser tests in Debian's Chromium against the real server on a fresh embedded database with the
 * demo data (the web app must be built first: `npm run test:e2e` does it).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // In CI one worker: tests share one server and its demo data, and a 2-core runner gains little.
  workers: process.env.CI ? 1 : 2,
  // One retry in CI, reported as flaky in the list, so a timing slip on a loaded runner does not sink
  // the run while a real failure (failing twice) still does.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // In CI the README's screenshots come from the responsive test running first, on the untouched demo
  // data, so no view or record another test creates shows in them. Locally (where single files are
  // run) there is no such dependency, which would run the responsive test with every file.
  projects: process.env.CI
    ? [
        { name: 'screens', testMatch: /responsive\.spec\.ts/ },
        { name: 'browser', testIgnore: /responsive\.spec\.ts/, dependencies: ['screens'] },
      ]
    : undefined,
  webServer: {
    command: 'node ./scripts/start-e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
