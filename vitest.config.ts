import { defineConfig } from 'vitest/config';
import serverConfig, { POSTGRES_FILES } from './apps/server/vitest.config.js';
import webConfig, { SERVER_RENDER_TESTS } from './apps/web/vitest.config.js';

// One runner: contract unit tests, server integration tests (PGlite; and PostgreSQL too when
// TEST_DATABASE_URL is set), web component tests.
export default defineConfig({
  test: {
    // Three files at a time on two cores: the suite waits more than it computes (processes starting,
    // PostgreSQL, the image process's idle class, Redis), about one core busy with two workers, so a
    // third overlaps the waits. Set here, not per project: vitest requires projects that run together
    // to share it.
    maxWorkers: 3,
    projects: [
      'packages/contract',
      'apps/server',
      // PostgreSQL (TEST_DATABASE_URL): the files where the engine, the driver, the pool or several
      // processes can change the outcome (docs/architecture.md#tests); SENDERO_PG_ALL=1 runs every file.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              ...serverConfig,
              test: {
                ...serverConfig.test,
                name: 'server-pg',
                ...(process.env.SENDERO_PG_ALL === '1' ? {} : { include: POSTGRES_FILES }),
                env: { SENDERO_TEST_DB: 'postgres', SENDERO_PG_ALL: process.env.SENDERO_PG_ALL ?? '' },
              },
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
      // Server render then hydration in one realm: isolated (apps/web/vitest.config.ts).
      { ...webConfig, test: { ...webConfig.test, name: 'web-server-render', include: SERVER_RENDER_TESTS, exclude: [], isolate: true } },
    ],
  },
});
