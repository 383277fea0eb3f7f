/**
 * The page's entry script (index.html), a few hundred bytes: it lets the browser paint the page's static
 * first paint (the landing's hero, the login and register screens rendered at build time, the spinner)
 * and only then asks for the app's code (main.tsx and the first screen's chunks), all at once.
 *
 * Why after the paint (docs/decisions/032-app-code-after-the-first-paint.md): a script that has
 * downloaded before the first paint counts as needed for it in Lighthouse's simulated load, which then
 * makes a phone's first paint wait for ~170 KB of JavaScript that the static page does not use.
 */

// Roboto 400/500/700 cut down to the characters Spanish text uses (scripts/subset-fonts.mjs); the build
// inlines these @font-face rules into index.html (vite.config.ts), so the first paint has them.
import '@/assets/fonts/fonts.css';

/** Set by the server for /ingresar, /registro...: the first screen's chunks (apps/server/src/plugins/web.ts). */
export const ROUTE_PRELOADS_ID = 'sd-route-preloads';

/** How long to wait at most for a paint that does not come (a page being prerendered, say). */
const PAINT_WAIT_MAX_MS = 1000;

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A hidden page does not paint until it is shown: no reason to wait.
    if (document.visibilityState === 'hidden') return resolve();
    const timer = setTimeout(resolve, PAINT_WAIT_MAX_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // The paint entries carry the time the frame was shown, what Lighthouse reads as the first paint.
      new PerformanceObserver((_list, observer) => {
        observer.disconnect();
        done();
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(done));
    }
  });
}

void afterFirstPaint().then(() => {
  // The screen's chunks download alongside the app's, not after the router asks for them.
  const preloads = document.getElementById(ROUTE_PRELOADS_ID);
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content.cloneNode(true));
  return import('./main');
});
