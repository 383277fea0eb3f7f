// Writes the pages of src/boot/prerender.tsx into the build (after `vite build`, scripts/build.mjs):
// index.html with the app's preload tags, and dist/pages/<path>.html for the screens a visitor opens
// from outside, /ingresar and /registro with their screen rendered by React. Read from Vite's build
// manifest; the screens are rendered with React's production build, as the app runs. src/boot/README.md.
process.env.NODE_ENV = 'production';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_OUT_DIR ?? join(webRoot, 'dist');
const vite = await createServer({ root: webRoot, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false } });
try {
  const { renderPages } = await vite.ssrLoadModule('/src/boot/prerender.tsx');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = await renderPages(readFileSync(join(dist, 'index.html'), 'utf8'), manifest);
  for (const [file, html] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), html);
  }
  console.log(`prerender: ${Object.keys(files).map((file) => `${file} ${(Buffer.byteLength(files[file]) / 1024).toFixed(1)} KB`).join(', ')}`);
} finally {
  await vite.close();
}
