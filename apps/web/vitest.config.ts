import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.tsx'],
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
