import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A component test fails when React (or our code) reports an error on the console: a missing key, an
 * update outside act(), an invalid DOM prop. Tests that expect an error log spy on console.error
 * themselves (vi.spyOn(console, 'error').mockImplementation(...)), which replaces this guard's spy.
 */
let consoleErrors: unknown[][] = [];
const originalError = console.error;

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const logged = consoleErrors;
  consoleErrors = [];
  if (logged.length > 0) {
    const first = logged[0]!.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    throw new Error(`console.error was called ${logged.length} time(s) during the test; first: ${first.slice(0, 500)}`);
  }
});
