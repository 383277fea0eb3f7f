import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Tests that render with React's server renderer, then hydrate with the browser's: the server renderer
 * leaves its context state behind in the realm, so they run in a worker of their own (the root
 * vitest.config.ts's 'web-server-render' project), not beside the files that share one module graph.
 */
export const SERVER_RENDER_TESTS = ['src/boot/serve-render.test.tsx'];

export default defineConfig({
  root: fileURLToPath(new URL('./', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.tsx'],
    exclude: SERVER_RENDER_TESTS,
    setupFiles: ['./src/test/setup.ts'],
    // The files of a worker share one module graph (React, MUI, the screens) instead of importing it
    // afresh each: a third less CPU. Each test renders with its own router and query client, which end
    // with it (src/test/render.tsx), and src/test/setup.ts clears storage, stubs and spies after each.
    isolate: false,
    // Screens load lazily and MUI re-renders on every typed key: generous on a shared 2-core machine (CI
    // runs these beside the journeys, docs/decisions/045-tests-run-once-where-the-engine-cannot-matter.md).
    // A file sets a longer limit where its tests type whole forms; none sets a shorter one.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
    // The card's own stylesheet is applied in its tests, which check where its hidden label is placed.
    css: { include: [/place-card\.module\.css$/] },
  },
});
