import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The files the 'server-pg' project (root vitest.config.ts) runs on PostgreSQL: where the engine, the
 * driver, the pool or several processes can change the outcome: concurrency, LISTEN/NOTIFY, migrations,
 * storage and durability, several processes, prepared statements, SQL search and indexes, outages; and
 * the authorization table as a one-caller-per-row smoke. Every other file runs on PGlite only
 * (docs/architecture.md#tests); `SENDERO_PG_ALL=1` runs them all on both.
 */
export const POSTGRES_FILES = [
  'test/access-facts.test.ts',
  'test/authorization.test.ts',
  'test/database-outage.test.ts',
  'test/durability.test.ts',
  'test/multi-process.test.ts',
  'test/outings-concurrency.test.ts',
  'test/place-changes.test.ts',
  'test/place-index.test.ts',
  'test/place-suggestion.test.ts',
  'test/places.test.ts',
  'test/prepared-reads.test.ts',
  'test/ratings-concurrency.test.ts',
  'test/schema-migrations.test.ts',
  'test/server-process.test.ts',
  'test/storage.test.ts',
  'test/trail-conditions.test.ts',
  // Route tracks: bytea points, an upsert and a cascade on the engine (docs/decisions/044-route-tracks.md).
  'test/tracks.test.ts',
];

/**
 * Server integration tests through app.inject() against a fresh database per test file: PGlite always,
 * and PostgreSQL too when TEST_DATABASE_URL is set (root vitest.config.ts adds the 'server-pg' project).
 */
export default defineConfig({
  resolve: { alias: { '@': src } },
  test: {
    name: 'server',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    // The files of a worker share one module graph instead of importing the app (fastify, drizzle, sharp,
    // PGlite) afresh each: half the CPU of the suite. Safe because the server keeps no module state of its
    // own outside maps keyed by the database (place caches, prepared statements), and every file builds
    // its own app on its own database (docs/architecture.md#tests).
    isolate: false,
    // Sized for a loaded two-core machine (CI runs lint and typecheck beside the tests): a case that
    // takes 2 s alone can take ten times that while two test files, a typecheck and PostgreSQL share the
    // cores. Files that start processes or hold many users set their own, longer limits with the reason.
    testTimeout: 30_000,
    // beforeAll hooks create a fresh database (a PostgreSQL CREATE DATABASE and migrations) and users
    // hashed with argon2: minutes, not seconds, when the machine is busy.
    hookTimeout: 120_000,
  },
});
