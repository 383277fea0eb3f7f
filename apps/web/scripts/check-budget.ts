/**
 * The landing's JavaScript budget (docs/product.md#web-rules), checked without a browser on every build:
 * the gzip sum of the scripts the landing loads before it is idle, read from Vite's build manifest
 * (dist/.vite/manifest.json). Run by `npm run test:e2e` (so by `npm test` and CI) right after the build;
 * exits 1 over budget.
 *
 * What the landing loads: index.html's entry and, transitively, every chunk it or they import, statically
 * or dynamically, except the lazy screens (src/app/routes/*, fetched when their path is visited), the
 * modules loaded only on a use the landing's visitor has not made yet (ON_USE), and what only those
 * import. A new dynamic import counts until it is named there. bench:web measures the same in Chromium.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LANDING_JS_BUDGET_KB } from '../../../packages/contract/src/web-build.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A lazy screen's module: the landing does not load it (nor what only it imports). */
const LAZY_SCREEN = /^src\/app\/routes\//;
/** Loaded on a use, not by the landing: the side menu (signed in only), the new-version prompt, the
 * leave-the-form dialog, the offline copies (on signing out), the map. */
const ON_USE = new Set([
  'src/app/layout/menu-frame.tsx',
  'src/components/ui/update-snackbar.tsx',
  'src/app/layout/unsaved-changes-dialog.tsx',
  'src/lib/offline-store.ts',
  'src/components/map/leaflet-map.tsx',
]);

/** The files (assets/….js) the landing loads before it is idle, entry first. */
export function landingFiles(manifest: Manifest, entry = 'index.html'): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || (key !== entry && chunk.src && (LAZY_SCREEN.test(chunk.src) || ON_USE.has(chunk.src)))) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  visit(entry);
  return files;
}

export function landingGzipKb(dist: string): { files: Array<{ file: string; gzipKb: number }>; totalKb: number } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = landingFiles(manifest).map((file) => ({ file, gzipKb: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024 }));
  return { files, totalKb: files.reduce((sum, f) => sum + f.gzipKb, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist');
  const { files, totalKb } = landingGzipKb(dist);
  for (const { file, gzipKb } of files) console.log(`  ${gzipKb.toFixed(1).padStart(6)} KB  ${file}`);
  const verdict = totalKb <= LANDING_JS_BUDGET_KB ? 'within' : 'OVER';
  console.log(`landing JavaScript: ${totalKb.toFixed(1)} KB gzip in ${files.length} scripts, ${verdict} the ${LANDING_JS_BUDGET_KB} KB budget`);
  if (totalKb > LANDING_JS_BUDGET_KB) process.exit(1);
}
