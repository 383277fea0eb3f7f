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
    // Screens load lazily and MUI re-renders on every typed key: generous on a shared 2-core machine.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
    // The card's own stylesheet is applied in its tests, which check where its hidden label is placed.
    css: { include: [/place-card\.module\.css$/] },
  },
});
