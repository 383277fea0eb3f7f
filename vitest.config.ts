import { defineConfig } from 'vitest/config';
import serverConfig from './apps/server/vitest.config.js';

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
      // The embedded database's read cache switched off (PGLITE_READ_CACHE=off,
      // docs/decisions/031-pglite-read-cache.md): the files that write and read back places, reviews
      // and sessions must answer the same without it.
      // (Spread, not `extends`: an extended project would add these files to the server's include.)
      {
        ...serverConfig,
        test: {
          ...serverConfig.test,
          name: 'server-no-read-cache',
          include: ['test/places.test.ts', 'test/ratings.test.ts', 'test/tokens.test.ts'],
          env: { PGLITE_READ_CACHE: 'off' },
        },
      },
      'apps/web',
    ],
  },
});
