import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

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
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
