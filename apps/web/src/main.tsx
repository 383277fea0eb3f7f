import '@/lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, whenRouterReady } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The page's static first paint stays until the first screen can render (a lazy screen's chunk, which
// /ingresar and /registro preload). The router starts in a task of its own, after the browser has had
// the chance to paint and to handle input, and a transition lets React render the screen in small
// slices: the main-thread blocking time counts in the pages' Lighthouse score.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void nextTask()
  .then(whenRouterReady)
  .then(() =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <AppProvider>
            <AppRouter />
          </AppProvider>
        </StrictMode>,
      );
    }),
  )
  .then(registerServiceWorkerWhenIdle);

// The service worker (offline use, installable app) registers once the page has loaded and the first
// screen has rendered (the browser is idle after React's first commit), from a chunk of its own: the
// landing's first download does not grow, and its precaching does not compete with the first screen.
// The load event alone no longer says that: src/boot.ts imports this module after the first paint.
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
