// Renders the static first paint of /ingresar and /registro (src/app/static-shells.tsx) into
// dist/static-shells.json, which the server puts in those pages' HTML (apps/server/src/plugins/web.ts).
// Run after `vite build`; the screens are rendered with React's production build, as the app runs.
process.env.NODE_ENV = 'production';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const vite = await createServer({ root: webRoot, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false } });
try {
  const { renderStaticShells } = await vite.ssrLoadModule('/src/app/static-shells.tsx');
  const { WEB_BUILD } = await vite.ssrLoadModule('@sendero/contract');
  const shells = renderStaticShells();
  writeFileSync(join(process.env.WEB_OUT_DIR ?? join(webRoot, 'dist'), WEB_BUILD.staticShellsFile), `${JSON.stringify(shells)}\n`);
  const sizes = Object.entries(shells).map(([path, s]) => `${path} ${((s.head.length + s.body.length) / 1024).toFixed(1)} KB`);
  console.log(`static shells: ${sizes.join(', ')}`);
} finally {
  await vite.close();
}
