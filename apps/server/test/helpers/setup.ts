import { afterAll, afterEach, beforeEach, expect, inject, vi, type MockInstance } from 'vitest';
import { takeContractViolations } from './contract.js';
import { takeViolations } from './secret-guard.js';

// The server built once for this run (helpers/global-setup.ts): what process tests start.
process.env.SENDERO_SERVER_DIST = inject('serverDist');

/** Every test: an unexpected console.error fails it, and so does a leaked secret (secret-guard.ts) or a response the OpenAPI document does not describe (contract.ts). */
let consoleError: MockInstance<typeof console.error>;
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  consoleError.mockRestore();
  expect(errors.map((args) => args.map(String).join(' ')), 'unexpected console.error').toEqual([]);
  expect(takeContractViolations(), 'every response must be one the OpenAPI document describes (helpers/contract.ts)').toEqual([]);
  expect(takeViolations(), 'responses and logs must never carry a password, a hash or a stack trace').toEqual([]);
});

// Responses received in beforeAll/afterAll hooks are checked too.
afterAll(() => {
  expect(takeContractViolations(), 'every response must be one the OpenAPI document describes (helpers/contract.ts)').toEqual([]);
});
