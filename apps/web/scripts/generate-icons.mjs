// Writes the installable app's icons (public/icons/*.png) from public/favicon.svg with sharp:
// 192 and 512 px "any" icons (the rounded logo) and a 512 px maskable one (full-bleed purple with
// the logo inside the 80 % safe zone). Run it after changing the logo: node apps/web/scripts/generate-icons.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sharp = require(require.resolve('sharp', { paths: [join(dirname(fileURLToPath(import.meta.url)), '../../server')] }));
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'public/favicon.svg'));

async function any(size) {
  await sharp(svg, { density: (72 * size) / 64 }).resize(size, size).png().toFile(join(root, `public/icons/icon-${size}.png`));
}

async function maskable(size) {
  const inner = Math.round(size * 0.7);
  const logo = await sharp(svg, { density: (72 * inner) / 64 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: '#9f2dc7' } })
    .composite([{ input: logo, gravity: 'center' }])
    .png()
    .toFile(join(root, `public/icons/icon-maskable-${size}.png`));
}

await any(192);
await any(512);
await maskable(512);
console.log('icons written to public/icons/');
