import '@testing-library/jest-dom/vitest';
// As src/main.tsx does first: zod never compiles code (the CSP forbids eval). Set before any schema is
// built, so files that share a worker (isolate: false, vitest.config.ts) all run as the app does.
import '@/lib/zod-jitless';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default: a lazy screen that renders in 200 ms alone took over
// a second while CI ran the journeys, PostgreSQL and the other test file beside it on two cores, and the
// test failed for it. Ten seconds for a busy two-core machine; a passing wait ends as soon as it passes.
configure({ asyncUtilTimeout: 10_000 });

/**
 * A component test fails when React (or our code) reports an error on the console: a missing key, an
 * update outside act(), an invalid DOM prop. Tests that expect an error log spy on console.error
 * themselves (vi.spyOn(console, 'error').mockImplementation(...)), which replaces this guard's spy.
 */
let consoleErrors: unknown[][] = [];
const originalError = console.error;

/**
 * Nor may a component test reach the network: a `fetch` no test stubbed (test/fetch-stub.ts) fails as
 * a network failure would, and the test then fails naming the call.
 */
let unstubbedFetches: string[] = [];

/**
 * The test DOM lays nothing out, so everything is on screen: an observed element is reported in view at
 * once (happy-dom's IntersectionObserver never reports), e.g. the map that loads near the viewport.
 */
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element): void {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', InViewObserver);
  unstubbedFetches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      unstubbedFetches.push(`${(init.method ?? 'GET').toUpperCase()} ${url}`);
      throw new TypeError('Failed to fetch');
    }),
  );
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  const fetched = unstubbedFetches;
  unstubbedFetches = [];
  if (fetched.length > 0) throw new Error(`fetch without a stub during the test: ${fetched.slice(0, 5).join(', ')}`);
  const logged = consoleErrors;
  consoleErrors = [];
  if (logged.length > 0) {
    const first = logged[0]!.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    throw new Error(`console.error was called ${logged.length} time(s) during the test; first: ${first.slice(0, 500)}`);
  }
});
