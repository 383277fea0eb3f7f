import '@/lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, whenRouterReady } from '@/app/router';
import { preloadMenuFrame } from '@/app/layout/app-layout';
import { expectHydration, PRERENDERED_ATTR } from '@/boot/hydration';
import { hydratingSession, seedFromPage } from '@/boot/page-data';
import { queryClient } from '@/lib/query-client';
import { getSession, setRenderedSession, syncSignedInCookie } from '@/lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// The page's first paint stays until the first screen can render (a lazy screen's chunk, which the
// pages the build writes preload: src/boot/README.md). The router starts in a task of its own, after the
// browser has had the chance to paint and to handle input. A page prerendered at build time (/ingresar,
// /registro) is hydrated: React adopts its markup as it is, with what was typed, the focus and the caret.
// A screen the server rendered (the landing; /buscar-destino and a destination signed in:
// boot/serve-render.tsx) is hydrated from the data it was rendered from, in a transition, so React
// hydrates it in small slices.
// Any other page is rendered anew, in a transition too.
syncSignedInCookie();
const rendered = root.hasAttribute(PRERENDERED_ATTR);
const pageData = rendered ? seedFromPage(queryClient) : null;
if (pageData) {
  setRenderedSession(hydratingSession(pageData, getSession()));
  expectHydration();
}
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void nextTask()
  .then(() => Promise.all([whenRouterReady(), pageData ? preloadMenuFrame() : undefined]))
  .then(() => {
    if (pageData) startTransition(() => void hydrateRoot(root, app));
    else if (rendered) hydrateRoot(root, app);
    else startTransition(() => createRoot(root).render(app));
  })
  .then(registerServiceWorkerWhenIdle);

// The service worker (offline use, installable app) registers once the page has loaded and the first
// screen has rendered (the browser is idle after React's first commit), from a chunk of its own: the
// landing's first download does not grow, and its precaching does not compete with the first screen.
// The load event alone no longer says that: src/boot/entry.ts imports this module after the first paint.
function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = (): void => {
    import('@/lib/register-sw').then(
      (m) => m.registerServiceWorker(),
      // Offline before its chunk arrived (or the chunk gone with a new deployment): the app runs without
      // the worker for now, and registers it when the signal comes back, never an uncaught error.
      () => window.addEventListener('online', register, { once: true }),
    );
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 2000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
