// Writes a .br (brotli 11) and a .gz (gzip 9) copy next to every compressible file under dist/assets
// (the hashed scripts, styles and images: nearly all the bytes), once per build, so the server sends them
// as they are (@fastify/static `preCompressed`, apps/server/src/plugins/web.ts) instead of compressing
// at a low level on every request. The files at the root are left to the server's own compression:
// index.html is rendered per page, and sw.js and the manifest keep the types the server gives them.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
// WEB_OUT_DIR: the folder being built (scripts/build.mjs), dist/ otherwise.
const assets = process.env.WEB_OUT_DIR ? join(process.env.WEB_OUT_DIR, 'assets') : fileURLToPath(new URL('../dist/assets', import.meta.url));
const TYPES = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.ico', '.map']);
/** Below this the headers cost more than the bytes saved (the same threshold as the server's own compression). */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let br = 0;
let gzipped = 0;
let count = 0;
for await (const path of files(assets)) {
  if (!TYPES.has(extname(path))) continue;
  if ((await stat(path)).size < MIN_BYTES) continue;
  const body = await readFile(path);
  const [b, g] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  // A copy that is not smaller is left out: the server then sends the file itself.
  if (b.length < body.length) await writeFile(`${path}.br`, b);
  if (g.length < body.length) await writeFile(`${path}.gz`, g);
  raw += body.length;
  br += Math.min(b.length, body.length);
  gzipped += Math.min(g.length, body.length);
  count += 1;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed ${count} files: ${kb(raw)} -> ${kb(br)} brotli 11, ${kb(gzipped)} gzip 9`);
