import { defineConfig } from 'vitest/config';

// One runner, three projects: contract unit tests, server integration tests, web component tests.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
