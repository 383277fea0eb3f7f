// `npm run build -w apps/web`: the web app is built into dist-next/ (vite, the prerendered pages, the
// precompressed copies), then replaces dist/ by two renames, so a server running on dist/ never serves a
// half-written or emptied folder while a build runs (README, "The two commands").
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const next = join(webRoot, 'dist-next');
const old = join(webRoot, 'dist-old');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: webRoot, stdio: 'inherit', env: { ...process.env, WEB_OUT_DIR: next } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

rmSync(next, { recursive: true, force: true });
run(process.execPath, [join(webRoot, '../../node_modules/vite/bin/vite.js'), 'build', '--outDir', next, '--emptyOutDir']);
run(process.execPath, ['scripts/prerender.mjs']);
run(process.execPath, ['scripts/precompress.mjs']);
// The server's renderer of the signed-in screens (src/boot/serve-render.tsx) into dist-next/ssr/, after
// the precompressed copies: a module the server imports, never sent (src/boot/README.md).
run(process.execPath, [join(webRoot, '../../node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/boot/serve-render.tsx', '--outDir', join(next, 'ssr'), '--emptyOutDir', '--logLevel', 'warn']);

rmSync(old, { recursive: true, force: true });
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
