import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/env.js';

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** The phone's own spec: carousels by touch, rotation, pinch-zoom, the on-screen keyboard (its @phone-only tests skip the desktop). */
const PHONE_ONLY = 'phone.spec.ts';
/**
 * What the 390 px phone runs: the tests tagged `@phone` (PHONE in e2e/fixtures.ts), the journeys that
 * together open every screen, dialog and menu once, and phone.spec.ts's `@phone-only` tests. The desktop
 * does not run them again (decision 040, amendment of 2026-11-28): the rules they check (server answers,
 * redirects, roles) do not depend on the device, and e2e/desktop-tour.spec.ts opens at 1440 px every
 * screen, dialog and menu no other desktop test opens.
 */
const ON_THE_PHONE = /@phone/;
/**
 * What the desktop leaves out: every test tagged `@phone` or `@phone-only`, unless it is also tagged
 * `@desktop` (EVERY_DEVICE in e2e/fixtures.ts: phone.spec.ts's carousels, paged by clicks and the wheel there).
 */
const NOT_ON_THE_DESKTOP = /^(?!.*@desktop\b).*@phone/;

/**
 * A phone of Playwright's own list as Chromium emulates it: its viewport and screen, user agent,
 * device pixel ratio, mobile viewport rules (`isMobile`) and touch. The 390 px phone's descriptor is
 * an iPhone's (the list's only 390 px phones) with Chromium forced: what is tested is the width and
 * the mobile rules, which Chromium applies the same to any user agent.
 */
function phone(name: 'iPhone 13' | 'Pixel 7') {
  const { defaultBrowserType: _browser, ...descriptor } = devices[name];
  return { ...descriptor, browserName: 'chromium' as const };
}

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
  // E2E_STEP_TIMES=1 adds a table of where the run's time went (actions, waits, navigations; e2e/step-times.ts).
  reporter: process.env.E2E_STEP_TIMES === '1' ? [['list'], ['./e2e/step-times.ts']] : 'list',
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
    // A trace records every action's DOM and screen: a seventh of the journeys' time and a quarter of
    // their CPU, measured on member.spec.ts. Off unless asked for (E2E_TRACE=1 keeps one per failed
    // test); a failure still leaves its screenshot and the list reporter's error.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    video: 'off',
    // The service worker is tested on its own (e2e/offline.spec.ts, a persistent profile); elsewhere it
    // stays out of the way, so every request of a journey reaches the server as the journey expects.
    serviceWorkers: 'block',
  },
  // docs/decisions/040-phone-projects.md: a desktop and two phones (mobile viewport rules, touch, device
  // pixel ratio), every one in Chromium. The desktop runs the untagged tests and the desktop tour
  // (every screen the untagged tests do not open, at 1440 px); the tests tagged @phone (every screen
  // once) run on the 390 px phone only; the phone's own spec (swipes, rotation, pinch-zoom, the
  // on-screen keyboard) on both phones, its carousel test on the desktop too. Every page of every
  // project is watched for a page wider than the screen (e2e/width.ts).
  projects: [
    {
      name: 'chromium',
      grepInvert: NOT_ON_THE_DESKTOP,
      use: {
        browserName: 'chromium',
        viewport: { width: 1440, height: 900 },
        launchOptions,
      },
    },
    {
      name: 'phone-390',
      grep: ON_THE_PHONE,
      use: { ...phone('iPhone 13'), launchOptions },
    },
    {
      name: 'pixel-7',
      testMatch: PHONE_ONLY,
      use: { ...phone('Pixel 7'), launchOptions },
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
