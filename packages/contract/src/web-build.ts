import type { Role } from './constants.js';
import type { PlaceDetail, PlaceIndexEntry, PublicConfig } from './schemas.js';

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
  /**
   * The server's renderer of the screens it renders per request (apps/web/src/boot/serve-render.tsx),
   * built by Vite for Node into dist/ssr/ (scripts/build.mjs); the server imports it to answer the
   * landing, /buscar-destino and a destination's page with the screen in the HTML (apps/web/src/boot/README.md).
   */
  ssrEntry: 'ssr/serve-render.js',
  /** The JSON block (not a script: the page's CSP runs none inline) with the data a rendered screen was rendered from. */
  pageDataId: 'sd-page-data',
  /**
   * The cookie the web app keeps while a session is stored (lib/session.ts): the stored role (the same
   * hint as in the session), never the token. It only tells the server that the screen may be rendered
   * signed in, and with which menu; every API call still needs the token.
   */
  signedInCookie: 'sd-signed-in',
} as const;

/**
 * The landing's JavaScript budget (docs/product.md#web-rules): the gzip sum of every script the landing
 * loads before it is idle, in KB. apps/web/scripts/check-budget.ts checks it on every build's manifest
 * in CI (npm run test:e2e); bench:web measures the same sum in a browser.
 */
export const LANDING_JS_BUDGET_KB = 170;

/**
 * What the server renders a screen from (WEB_BUILD.ssrEntry): what everyone who may open it sees there,
 * never one person's data. `role` is the signed-in cookie's hint (null: nobody signed in, the landing
 * alone). The landing: the catalogue's newest destinations (its first page) and the public settings
 * (its social links); `/buscar-destino`: the same first page, signed in; a destination's page: the place
 * as GET /api/place/{id} answers a member.
 */
export type ServerPage = { path: string; role: Role | null } & ({ firstPage: PlaceIndexEntry[]; config?: PublicConfig } | { place: PlaceDetail });

/** WEB_BUILD.ssrEntry's export: the built page `html` (index.html or the path's page) with the screen rendered in it. */
export type RenderServerPage = (html: string, page: ServerPage) => Promise<string>;
