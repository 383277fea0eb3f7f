/// <reference lib="webworker" />
/**
 * The service worker (docs/product.md#saved), built by vite-plugin-pwa (injectManifest) into /sw.js:
 * - the app shell (every built file) is precached, so every route opens with no network: navigations
 *   go to the network first and fall back to the precached index.html;
 * - /uploads/... are cache-first (files are immutable, named by their content hash);
 * - GETs of a saved place, its reviews, its route track, the saved list and the user's own record fall back, when the
 *   network fails, to that user's offline copies (written by the page when a place is saved);
 * - nothing else is cached, and no write (POST, PUT, DELETE) ever is: only GET routes exist here.
 * A new version waits until the page asks it to take over ('Actualizar').
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { WEB_BUILD } from '@sendero/contract';
import { isOfflineReadable, offlineCacheName, OWNER_HEADER, tokenSubject, UPLOADS_CACHE, uploadVariants } from './names';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const NAVIGATION_TIMEOUT_MS = 6000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

async function fetchWithTimeout(request: Request, ms: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await fetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

// Pages: the server's fresh index.html when it answers, the precached one when it does not.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetchWithTimeout(request, NAVIGATION_TIMEOUT_MS);
      } catch {
        const cached = await matchPrecache('/index.html');
        if (!cached || new URL(request.url).pathname === '/') return cached ?? Response.error();
        // Other pages show index.html's static page shell, not the landing's static hero (as the server does).
        // (The body element itself, after </head>: a comment in <head> mentions it too.)
        const html = (await cached.text()).replace(/(<\/head>\s*)<body>/, `$1<body class="${WEB_BUILD.pageClass}">`);
        return new Response(html, { headers: cached.headers });
      }
    },
    { denylist: [/^\/api\//, /^\/uploads\//] },
  ),
);

// Photos: any cache that holds the file (a user's offline copies included), else the network.
const uploadsFromNetwork = new CacheFirst({
  cacheName: UPLOADS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
});
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/uploads/'),
  async ({ request, url, event }) => {
    const hit = await caches.match(url.pathname);
    if (hit) return hit;
    try {
      return await uploadsFromNetwork.handle({ request, event });
    } catch {
      // Offline: the saved copy is the 800 px variant; the page may have asked for the 400 px one.
      for (const variant of uploadVariants(url.pathname)) {
        const other = await caches.match(variant);
        if (other) return other;
      }
      return Response.error();
    }
  },
);

// Saved destinations: the network, or the caller's own offline copy.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isOfflineReadable(url.pathname),
  async ({ request, url }) => {
    try {
      // Straight to the network: the offline copy below is the fallback, not the browser's HTTP cache
      // (details and reviews are revalidated with their ETag by the page's own requests).
      return await fetch(request, { cache: 'no-store' });
    } catch {
      const owner = tokenSubject(request.headers.get('authorization'));
      if (!owner) return Response.error();
      const cache = await caches.open(offlineCacheName(owner));
      const hit = await cache.match(url.pathname);
      if (hit && hit.headers.get(OWNER_HEADER) === owner) return hit;
      return Response.error();
    }
  },
);
