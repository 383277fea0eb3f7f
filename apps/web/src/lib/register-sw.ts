import { registerSW } from 'virtual:pwa-register';
import { reportUpdateWaiting } from './app-update';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js (src/sw/sw.ts) after the page has loaded, so the worker's download and its
 * precaching never compete with the first screen. A new version found later waits for 'Actualizar'.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      reportUpdateWaiting(() => {
        // workbox-window reloads only a page that had a worker when it registered; a tab opened on the
        // first visit (no worker yet) would keep the old app under the new worker. So reload here too.
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        return updateSW(true);
      }),
    onRegisteredSW: (_url, registration) => {
      // Long-lived tabs (an installed app left open) look for a new version every hour.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
}
