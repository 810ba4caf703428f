import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's headless shell when it is installed (`.ci/run` installs it), else its full Chromium:
 * the shell draws the same pages without the full browser around them, and the E2E suite used
 * about 30% less CPU with it (docs/decisions/056-ci-meno-lavoro-ripetuto.md).
 */
function defaultChromium() {
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}

/**
 * E2E against the real server in Debian's Chromium: the compiled server `npm start` runs and the
 * built client, both rebuilt first when older than their sources, one server per worker with a
 * fresh embedded database of its own (tests/e2e/global-setup.ts). The first server listens on
 * E2E_PORT (default 5090), the others on free ports.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  // Specs run one after the other within a file; two files run at once, each worker against its
  // own server, so no spec sees another's data or settings (a role's second factor, a
  // commission configuration). E2E_WORKERS=1 for a single spec on a busy machine.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On the 2-core CI a load hiccup must not sink a whole run; the report still names the test
  // 'flaky', and a flaky test is a bug to fix (CONTRIBUTING.md#test-e-controlli).
  retries: process.env.CI ? 1 : 0,
  // Two workers share 2 cores (and the machine with others): a long spec measured 35 s alone on a
  // loaded machine and over 45 s beside another worker. The timeout catches hangs, not slowness.
  timeout: 90_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // baseURL: the worker's own server (tests/e2e/fixtures.ts).
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // Recording a trace (DOM snapshots and screencast frames of every action) costs about a fifth
    // of the suite's CPU: under CI only the retry of a failed test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? defaultChromium(),
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
      // A phone's 2× pixels only for the screenshots a person looks at: painting four times the
      // pixels in software costs CPU on the 2-core CI and changes no layout a test checks.
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: process.env.E2E_SCREENSHOTS ? 2 : 1,
      },
      testMatch: /landing/,
    },
  ],
});
