/**
 * The names the web build (apps/web: vite.config.ts, scripts/, src/boot.ts, src/sw/sw.ts, index.html)
 * and the server's HTML plugin (apps/server/src/plugins/web.ts) share. Both import them from here, so
 * they cannot drift apart; apps/web/src/app/web-build-names.test.ts fails on a second literal of any
 * of them in either app, and checks the one place that cannot import (index.html's CSS) uses them.
 */
export const WEB_BUILD = {
  /** Written by the web build next to index.html: per path, the chunks its screen needs. */
  routePreloadsFile: 'route-preloads.json',
  /** Written by the web build next to index.html: /ingresar and /registro rendered at build time. */
  staticShellsFile: 'static-shells.json',
  /** The <template> of a page's route preloads, which the page's entry script reads. */
  routePreloadsId: 'sd-route-preloads',
  /** The class on <body> of every page but the landing: it shows the static page shell, not the hero. */
  pageClass: 'sd-page',
  /** The route-preloads map's entry for every page it does not name. */
  anyPagePreloads: '*',
} as const;

/** A screen rendered to HTML at build time: its styles (for <head>) and its markup (for #root). */
export interface StaticShell {
  head: string;
  body: string;
}

/**
 * The landing's JavaScript budget (docs/product.md#web-rules): the gzip sum of every script the landing
 * loads before it is idle, in KB. apps/web/scripts/check-budget.mjs checks it on every build's manifest
 * in CI; bench:web measures the same sum in a browser.
 */
export const LANDING_JS_BUDGET_KB = 170;
