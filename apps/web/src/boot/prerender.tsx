/**
 * Build time (scripts/prerender.mjs, in Node): the pages the build writes next to index.html, one per
 * screen a visitor opens straight from outside. /ingresar and /registro carry their screen itself,
 * rendered by React from the app's own tree (the same providers, routes and components main.tsx renders),
 * with the styles emotion collected while rendering it; main.tsx hydrates it (React's hydrateRoot). The
 * others carry index.html's spinner. Every page carries its preloads (preloads.ts). How it fits
 * together, what it buys, and how to turn it off: README.md beside this file.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { QueryClient } from '@tanstack/react-query';
import { WEB_BUILD } from '@sendero/contract';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/route-tree';
import { paths } from '@/config/paths';
import { PRERENDERED_ATTR } from './hydration';
import { pagePreloads, preloadTemplate, type Manifest } from './preloads';

/**
 * Per path (a router pattern for a destination's page: the server looks pages up by it), its lazy
 * screen's module (as the manifest names it), whether the page carries it rendered, and whether what the
 * screen loads on use is prefetched (not for the screens a hiker lives on: the map, the edit form and
 * the dialogs would share a slow link with the first photos, docs/decisions/037-lighthouse-median-of-five.md).
 */
export const PAGES: Record<string, { screen: string; prerender: boolean; prefetch?: false }> = {
  [paths.login]: { screen: 'src/app/routes/login.tsx', prerender: true },
  [paths.register]: { screen: 'src/app/routes/register.tsx', prerender: true },
  [paths.registerSuccess]: { screen: 'src/app/routes/register-success.tsx', prerender: false },
  [paths.adminLogin]: { screen: 'src/app/routes/admin-login.tsx', prerender: false },
  [paths.forgotPassword]: { screen: 'src/app/routes/forgot-password.tsx', prerender: false },
  [paths.resetPassword]: { screen: 'src/app/routes/reset-password.tsx', prerender: false },
  [paths.search]: { screen: 'src/app/routes/search.tsx', prerender: false, prefetch: false },
  [paths.placeDetailPattern]: { screen: 'src/app/routes/place-detail.tsx', prerender: false, prefetch: false },
};

/**
 * The browser holds its first paint until this element, the last of the prerendered screen, is parsed
 * (<link rel="expect" blocking="render">): a slow phone that painted half the card and then the rest
 * would move it, the card being centred on the page.
 */
const SCREEN_END_ID = 'sd-screen-end';

/**
 * The app at `path`, as HTML, and the style tags of what it rendered; its queries read `queryClient`
 * (the data the server rendered a signed-in screen from: serve-render.tsx).
 */
export async function renderScreen(path: string, queryClient = new QueryClient(), waitForAll = false): Promise<{ head: string; body: string }> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The screen is a lazy route: rendered once its module has loaded, as main.tsx waits for it too.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
  // The browser's default emotion cache has the key 'css' and adopts <style data-emotion="css …"> tags.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const tree = (
    <CacheProvider value={cache}>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </CacheProvider>
  );
  // A signed-in screen sits in the menu's frame, a lazy chunk: React's static prerender waits for it
  // (and any other lazy part) where renderToString would write the fallback.
  const html = waitForAll ? await prerendered(tree) : renderToString(tree);
  router.dispose();
  // The page's CSP allows no inline script: React adds one only for a form whose action is a function.
  if (/<script/i.test(html)) throw new Error(`prerender ${path}: React wrote a script into the markup`);
  return { head: constructStyleTagsFromChunks(withWrapperStyles(extractCriticalToChunks(html), cache)), body: html };
}

type Chunks = ReturnType<ReturnType<typeof createEmotionServer>['extractCriticalToChunks']>;

/**
 * The critical styles plus those of the rendered components that wrap another styled component (MUI's
 * AppBar around Paper, IconButton around ButtonBase, InputLabel around FormLabel): emotion merges such a
 * wrapper's class into the inner one's, so it appears in no element and extractCriticalToChunks leaves it
 * out. The browser's cache, which adopts the page's style tags, would then insert each of them anew in the
 * hydration's commit (~60 ms of a 4x slower phone on the search screen: src/boot/README.md). Carried
 * here, they are adopted like the rest; they style no element, so where they stand changes nothing.
 */
export function withWrapperStyles(chunks: Chunks, cache: ReturnType<typeof createCache>): Chunks {
  const carried = new Set(chunks.styles.flatMap((chunk) => chunk.ids));
  const wrappers = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !carried.has(entry[0]));
  if (wrappers.length === 0) return chunks;
  return { ...chunks, styles: [...chunks.styles, { key: cache.key, ids: wrappers.map(([id]) => id), css: wrappers.map(([, css]) => css).join('') }] };
}

/** The markup of `tree` once every lazy part of it has loaded. */
async function prerendered(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  // One chunk: React outlines a large Suspense boundary and moves it in place with an inline script,
  // which the page's CSP would not run.
  const { prelude } = await prerender(tree, { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += decoder.decode(chunk.value, { stream: true });
  html += decoder.decode();
  // A part that threw is left to the browser to render (React's client-rendered boundary): a bug.
  if (errors.length) throw new AggregateError(errors, `render: ${errors.length} part(s) of the screen threw`);
  return html;
}

/** The app's #root in the built index.html, with what it holds (the hero and the spinner): the last element of <body>. */
const ROOT_RE = /<div id="root">([\s\S]*)<\/div>(\s*<\/body>)/;

/**
 * A built page with a rendered screen in its #root (marked for hydration, main.tsx), `head` before its
 * </head> and `after` right after #root.
 */
export function withScreen(html: string, head: string, body: string, after = ''): string {
  if (!ROOT_RE.test(html) || !html.includes('</head>')) throw new Error('render: the page has no #root at the end of its <body>');
  return html
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace(ROOT_RE, (_all, _static: string, next: string) => `<div id="root" ${PRERENDERED_ATTR}>${body}</div>${after}${next}`);
}

/**
 * index.html and the page of each path in PAGES, given the built index.html and the build manifest:
 * file (relative to dist/) -> HTML.
 */
export async function renderPages(indexHtml: string, manifest: Manifest): Promise<Record<string, string>> {
  if (!ROOT_RE.test(indexHtml) || !indexHtml.includes('</head>')) throw new Error('prerender: index.html has no #root at the end of its <body>');
  const withHead = (html: string, head: string) => html.replace('</head>', () => `  ${head}\n  </head>`);
  const files: Record<string, string> = { 'index.html': withHead(indexHtml, preloadTemplate(pagePreloads(manifest))) };
  for (const [path, { screen, prerender, prefetch }] of Object.entries(PAGES)) {
    let html = withHead(indexHtml, preloadTemplate(pagePreloads(manifest, screen, { prefetch })));
    if (prerender) {
      const { head, body } = await renderScreen(path);
      html = withScreen(html, `${head}<link rel="expect" href="#${SCREEN_END_ID}" blocking="render">`, body, `<div id="${SCREEN_END_ID}" hidden></div>`);
    }
    files[`${WEB_BUILD.pagesDir}${path}.html`] = html;
  }
  return files;
}
