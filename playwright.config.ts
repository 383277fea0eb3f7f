import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/env.js';

/**
 * End-to-end tests (docs/architecture.md#tests): Debian's Chromium against the built server, which
 * e2e/web-server.ts starts on a fresh temporary DATA_DIR. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two cores shared with the server under test: one worker, and no retries that would hide a failure.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  // Sized for a loaded two-core machine (CI runs lint and typecheck beside the journeys, and the server
  // under test shares the cores with the browser): a journey of a few seconds alone may take ten times
  // that. Journeys that are long by nature (offline, several users) set their own limit with the reason.
  timeout: 60_000,
  // A screen that renders in a second on a quiet machine: ten on a busy one, and no test waits a fixed time.
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    // The service worker is tested on its own (e2e/offline.spec.ts, a persistent profile); elsewhere it
    // stays out of the way, so every request of a journey reaches the server as the journey expects.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1440, height: 900 },
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/web-server.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the launcher stop the server gracefully and delete its temporary DATA_DIR.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
