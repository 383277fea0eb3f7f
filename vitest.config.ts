import { defineConfig } from 'vitest/config';

// One runner: contract unit tests, server integration tests (PGlite; and PostgreSQL too when
// TEST_DATABASE_URL is set), web component tests.
export default defineConfig({
  test: {
    // Two cores: a few files at a time (set here, not per project: vitest requires projects that run
    // together to share it).
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'apps/server',
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              test: { name: 'server-pg', root: './apps/server', env: { SENDERO_TEST_DB: 'postgres' } },
            },
          ]
        : []),
      'apps/web',
    ],
  },
});
