/**
 * A page's preload tags, read from Vite's build manifest (dist/.vite/manifest.json; vite.config.ts
 * `build.manifest`): the app's chunks, which the entry script imports after the first paint, and for a
 * screen's page its chunks too, so they download in one wave with the app's instead of once the router
 * asks for them. What the screen imports dynamically (on first use: the auth forms' validation, ~110 KB)
 * is a prefetch: downloaded at low priority, not compiled while the page becomes interactive
 * (docs/decisions/037-lighthouse-median-of-five.md). The build (scripts/prerender.mjs) writes them into
 * each page's inert <template>, which the entry script (entry.ts) moves into <head> after the first paint.
 */
import { WEB_BUILD } from '@sendero/contract';

/** One chunk of Vite's build manifest (the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** The stylesheets the chunk imports (CSS modules). */
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The page's entry as the manifest names it. */
const PAGE_ENTRY = 'index.html';

/** `key` and, depth first, every chunk it imports statically, minus those in `known`, as manifest keys. */
function withImports(manifest: Manifest, key: string, known: ReadonlySet<string>, into: string[] = []): string[] {
  const chunk = manifest[key];
  if (!chunk || known.has(key) || into.includes(key)) return into;
  into.push(key);
  for (const dep of chunk.imports ?? []) withImports(manifest, dep, known, into);
  return into;
}

/** What a page preloads: stylesheets, module preloads (compiled at once) and prefetches (downloaded only). */
export interface Preloads {
  style: string[];
  modulepreload: string[];
  prefetch: string[];
}

/**
 * The app's chunks (every dynamic import of the page's entry: the stages and main.tsx, boot/entry.ts)
 * and, given a screen's module (`src/app/routes/login.tsx`), that screen's chunks and, as prefetch, what
 * it imports dynamically (unless `prefetch` is false: a screen whose on-use chunks a visitor may never
 * need, whose bytes would share a slow link with its first photos). Never what index.html already loads
 * (the entry and its static imports). The stylesheets of all those chunks too, the entry's included:
 * Vite's loader waits for a chunk's stylesheet before it runs the chunk, and the stages import one after
 * another, so each stylesheet was a round trip after the other (~1.8 s on slow 4G,
 * docs/decisions/037-lighthouse-median-of-five.md). Paths as the browser asks for them (`/assets/…`).
 */
export function pagePreloads(manifest: Manifest, screen?: string, { prefetch: withPrefetch = true } = {}): Preloads {
  const entry = manifest[PAGE_ENTRY];
  if (!entry) throw new Error(`the build manifest has no ${PAGE_ENTRY}`);
  const initial = new Set(withImports(manifest, PAGE_ENTRY, new Set()));
  const app: string[] = [];
  for (const key of entry.dynamicImports ?? []) withImports(manifest, key, initial, app);
  const page = [...app];
  if (screen) {
    if (!manifest[screen]) throw new Error(`the build manifest has no ${screen}: is it still a lazy screen?`);
    withImports(manifest, screen, initial, page);
  }
  const loaded = new Set([...initial, ...page]);
  const prefetch: string[] = [];
  if (withPrefetch) for (const key of page.slice(app.length)) for (const dep of manifest[key]?.dynamicImports ?? []) withImports(manifest, dep, loaded, prefetch);
  const href = (key: string) => `/${manifest[key]!.file}`;
  const style = [...new Set([PAGE_ENTRY, ...page].flatMap((key) => manifest[key]?.css ?? []))].map((file) => `/${file}`);
  return { style, modulepreload: page.map(href), prefetch: prefetch.map(href) };
}

/** The inert <template> of a page's preloads, for <head>. */
export function preloadTemplate({ style, modulepreload, prefetch }: Preloads): string {
  const links = [
    // The stylesheets first (small); Vite's loader's own <link rel="stylesheet" crossorigin> then takes each from the preload.
    ...style.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ...modulepreload.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...prefetch.map((href) => `<link rel="prefetch" crossorigin href="${href}">`),
  ];
  return `<template id="${WEB_BUILD.routePreloadsId}">\n      ${links.join('\n      ')}\n    </template>`;
}
