import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * E2E against the real server in Debian's Chromium: the compiled server `npm start` runs and the
 * built client, a fresh embedded database. The server is rebuilt here when older than its sources
 * (scripts/build.ts --if-stale, under a second); `npm run test:e2e` does the same for the client.
 */
const port = Number(process.env.E2E_PORT ?? 5090);
const dataDir = path.resolve(`.tmp/e2e-data-${port}`);
import { E2E_ADMIN } from './tests/e2e/e2e-admin';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: false,
  workers: 1,
  // On the 2-core CI a load hiccup must not sink a whole run; the report still names the test
  // 'flaky', and a flaky test is a bug to fix (CONTRIBUTING.md#test-e-controlli).
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testIgnore: /landing/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testMatch: /landing/,
    },
  ],
  webServer: {
    command: `rm -rf "${dataDir}" && npx tsx scripts/build.ts server --if-stale && node --enable-source-maps dist/server/main.js`,
    url: `http://localhost:${port}/api/user`,
    reuseExistingServer: false,
    // A fresh embedded database compiles PGlite and runs every migration: slow on a busy machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Visitors' addresses come in X-Forwarded-For from each test (tests/e2e/fixtures.ts).
      TRUST_PROXY: '127.0.0.1,::1',
    },
  },
});
