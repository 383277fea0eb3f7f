/**
 * The landing's JavaScript budget (docs/product.md#web-rules), and the search screen's and the detail's
 * (SCREEN_JS_BUDGETS_KB), checked without a browser on every build:
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

// Vite's build manifest as the page's preloads read it (one type for both readers of the manifest).
import type { Manifest } from '../src/boot/preloads.ts';

export type { Manifest };

/** A lazy screen's module: the landing does not load it (nor what only it imports). */
const LAZY_SCREEN = /^src\/app\/routes\//;
/** Loaded on a use, not by the landing: the side menu (signed in only), the new-version prompt, the
 * leave-the-form dialog, the offline copies (on signing out), the map, and 'Recorrido' with its chart
 * (started by the detail's route loader for a place with a track, app/route-data.ts). */
const ON_USE = new Set([
  'src/app/layout/menu-frame.tsx',
  'src/components/ui/update-snackbar.tsx',
  'src/app/layout/unsaved-changes-dialog.tsx',
  'src/lib/offline-store.ts',
  'src/components/map/leaflet-map.tsx',
  'src/features/places/components/track/track-section.tsx',
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

/**
 * The member screens' first-load JavaScript (docs/decisions/037-lighthouse-median-of-five.md): the gzip
 * sum of what the page needs before the screen renders, i.e. the entry, the app (main.tsx) and the
 * screen's chunk with all they import statically; what they load on use (the map, the edit form, the
 * dialogs, the 'Recorrido' chart) does not count. Measured on this build plus ~5 % headroom: a new static
 * import that makes the screen heavier fails here, before Lighthouse.
 */
export const SCREEN_JS_BUDGETS_KB: Record<string, number> = {
  'src/app/routes/search.tsx': 245,
  'src/app/routes/place-detail.tsx': 265,
};

/** The files a screen's page loads before it renders: entry, app and screen, with their static imports. */
export function screenFiles(manifest: Manifest, screen: string): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  ['index.html', 'src/main.tsx', screen].forEach(visit);
  return files;
}

export function screenGzipKb(dist: string, screen: string): { files: number; totalKb: number } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = screenFiles(manifest, screen);
  return { files: files.length, totalKb: files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024, 0) };
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
  let over = totalKb > LANDING_JS_BUDGET_KB;
  for (const [screen, budget] of Object.entries(SCREEN_JS_BUDGETS_KB)) {
    const r = screenGzipKb(dist, screen);
    console.log(`${screen}: ${r.totalKb.toFixed(1)} KB gzip in ${r.files} scripts before it renders, ${r.totalKb <= budget ? 'within' : 'OVER'} the ${budget} KB budget`);
    over ||= r.totalKb > budget;
  }
  if (over) process.exit(1);
}
