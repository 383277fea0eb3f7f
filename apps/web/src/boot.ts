/**
 * The page's entry script (index.html), a few hundred bytes: it lets the browser paint the page's static
 * first paint (the landing's hero, the login and register screens rendered at build time, the spinner)
 * and only then asks for the app's code (main.tsx and the first screen's chunks), all at once, and
 * evaluates it in stages, a task each (docs/decisions/034-app-evaluated-in-stages.md).
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

/** A new task (setTimeout 0): what comes next is not part of the current long task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How many of the screen's modulepreload tags go into <head> per task (each starts a request). */
const PRELOADS_PER_TASK = 6;

async function startApp(): Promise<void> {
  // The screen's chunks download alongside the app's, not after the router asks for them; a few
  // tags per task: starting ~30 requests at once was a 20-30 ms task of its own.
  const preloads = document.getElementById(ROUTE_PRELOADS_ID);
  if (preloads instanceof HTMLTemplateElement) {
    const links = [...preloads.content.children];
    for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
      if (i) await nextTask();
      document.head.append(...links.slice(i, i + PRELOADS_PER_TASK).map((link) => link.cloneNode(true)));
    }
  }
  // The app's code evaluated in stages, one task each (vite.config.ts APP_STAGES): React, then emotion
  // and MUI's styling engine, then MUI's components, then the other libraries, then our shared code,
  // then the app (main.tsx). All at once it was a single ~50 ms task on a desktop, ~200 ms on
  // Lighthouse's phone.
  for (const [i, stage] of APP_STAGES.entries()) {
    if (i) await nextTask();
    await stage();
  }
}

/** The stages in order; literal import()s, so that Vite splits them (vite.config.ts APP_STAGES). */
const APP_STAGES: Array<() => Promise<unknown>> = [
  () => import('./boot-stages/react'),
  () => import('./boot-stages/styles'),
  () => import('./boot-stages/mui'),
  () => import('./boot-stages/vendor'),
  () => import('./boot-stages/base'),
  () => import('./main'),
];

// The first read of the browser's storage waits for the browser to load it (5 ms on a desktop, 10-70 ms
// on a busy machine), whoever asks first: the app does on its first render (lib/session.ts) and the
// router at its start. Asked here, before the first paint, that wait is not a task blocking the page
// once it is on screen (the blocking time Lighthouse counts starts at the first paint).
try {
  void window.localStorage.length;
  void window.sessionStorage.length;
} catch {
  // Storage blocked: the app copes (lib/session.ts).
}

void afterFirstPaint().then(startApp);
