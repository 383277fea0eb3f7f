/**
 * Build time (scripts/prerender.mjs, in Node): the pages the build writes next to index.html, one per
 * screen a visitor opens straight from outside. /ingresar and /registro carry their screen itself,
 * rendered by React from the app's own tree (the same providers, routes and components main.tsx renders),
 * with the styles emotion collected while rendering it; main.tsx hydrates it (React's hydrateRoot). The
 * others carry index.html's spinner. Every page carries its preloads (preloads.ts). How it fits
 * together, what it buys, and how to turn it off: README.md beside this file.
 */
import { renderToString } from 'react-dom/server';
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

/** The app at `path`, as HTML, and the style tags of what it rendered. */
export async function renderScreen(path: string): Promise<{ head: string; body: string }> {
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
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProvider queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>
    </CacheProvider>,
  );
  router.dispose();
  // The page's CSP allows no inline script: React adds one only for a form whose action is a function.
  if (/<script/i.test(html)) throw new Error(`prerender ${path}: React wrote a script into the markup`);
  return { head: constructStyleTagsFromChunks(extractCriticalToChunks(html)), body: html };
}

/** The app's #root in the built index.html, with what it holds (the hero and the spinner): the last element of <body>. */
const ROOT_RE = /<div id="root">([\s\S]*)<\/div>(\s*<\/body>)/;

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
      html = withHead(html, `${head}<link rel="expect" href="#${SCREEN_END_ID}" blocking="render">`).replace(
        ROOT_RE,
        (_all, _static: string, next: string) => `<div id="root" ${PRERENDERED_ATTR}>${body}</div><div id="${SCREEN_END_ID}" hidden></div>${next}`,
      );
    }
    files[`${WEB_BUILD.pagesDir}${path}.html`] = html;
  }
  return files;
}
