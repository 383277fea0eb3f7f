/**
 * The names the web build (apps/web: vite.config.ts, scripts/, src/boot/, src/sw/sw.ts, index.html)
 * and the server's HTML plugin (apps/server/src/plugins/web.ts) share. Both import them from here, so
 * they cannot drift apart; web-build.test.ts fails on a second literal of any of them in either app, and
 * checks the one place that cannot import (index.html's CSS) uses them.
 */
export const WEB_BUILD = {
  /**
   * The folder of dist/ where the build writes a page per screen a visitor opens from outside
   * (apps/web/src/boot/prerender.tsx): `pages/ingresar.html` for /ingresar. The server answers that
   * path with it instead of index.html.
   */
  pagesDir: 'pages',
  /** The <template> of a page's preload tags, which the page's entry script moves into <head>. */
  routePreloadsId: 'sd-route-preloads',
  /** The class on <body> of every page but the landing: it shows the static page shell, not the hero. */
  pageClass: 'sd-page',
} as const;

/**
 * The landing's JavaScript budget (docs/product.md#web-rules): the gzip sum of every script the landing
 * loads before it is idle, in KB. apps/web/scripts/check-budget.ts checks it on every build's manifest
 * in CI (npm run test:e2e); bench:web measures the same sum in a browser.
 */
export const LANDING_JS_BUDGET_KB = 170;
