/**
 * The page's entry script (index.html), ~1 KB gzip: it lets the browser paint the page's HTML first (the
 * landing's hero, the spinner, or the login and register screens prerendered at build time) and only
 * then asks for the app's code, all at once, and evaluates it in stages, a task each. The chain from the
 * build to the first paint, what each step buys and how to turn it off: README.md beside this file.
 *
 * Why after the paint: docs/decisions/032-app-code-after-the-first-paint.md. Why in stages:
 * docs/decisions/034-app-evaluated-in-stages.md. On a page prerendered at build time, the app starts
 * (and hydrates the page) on the visitor's first use: docs/decisions/046-auth-screens-prerendered-and-hydrated.md.
 */

// Roboto 400/500/700 cut down to the characters Spanish text uses (scripts/subset-fonts.mjs); the build
// inlines these @font-face rules into index.html (vite.config.ts), so the first paint has them.
import '@/assets/fonts/fonts.css';
import { SESSION_STORAGE_KEY, WEB_BUILD } from '@sendero/contract';
import { PRERENDERED_ATTR } from './hydration-attr';

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

/** How many of the page's preload tags go into <head> per task: each starts a request, and six were a ~50 ms task of a 4x slower phone. */
const PRELOADS_PER_TASK = 3;

/**
 * Copies of the page's preload tags: the app's chunks and, on the pages the build writes for a screen
 * (scripts/prerender.mjs), that screen's chunks and what it loads on first use. They sit in an inert
 * <template> so that they download after the first paint, not before it.
 */
function preloadLinks(): HTMLLinkElement[] {
  const template = document.getElementById(WEB_BUILD.routePreloadsId);
  if (!(template instanceof HTMLTemplateElement)) return [];
  return [...template.content.children].filter((el) => el instanceof HTMLLinkElement).map((link) => link.cloneNode(true) as HTMLLinkElement);
}

/** The stages in order; literal import()s, so that Vite splits them (vite.config.ts APP_STAGES). */
const APP_STAGES: Array<() => Promise<unknown>> = [
  () => import('./stages/react'),
  () => import('./stages/styles'),
  () => import('./stages/mui'),
  () => import('./stages/vendor'),
  () => import('./stages/base'),
  () => import('../main'),
];

let started = false;

async function startApp(): Promise<void> {
  if (started) return;
  started = true;
  // One wave of downloads, a few tags per task: starting ~30 requests at once was a 20-30 ms task.
  const links = preloadLinks();
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    if (i) await nextTask();
    document.head.append(...links.slice(i, i + PRELOADS_PER_TASK));
  }
  // React, then emotion and MUI's styling engine, then MUI's components, then the other libraries,
  // then our shared code, then the app (main.tsx): all at once it was a single ~50 ms task on a desktop.
  for (const [i, stage] of APP_STAGES.entries()) {
    if (i) await nextTask();
    await stage();
  }
}

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

/** Events that count as the visitor's first use of a prerendered page: the app starts on the first. */
// touchstart: a tap on the button, disabled until the app has hydrated the page, still counts.
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'input', 'wheel'] as const;

/**
 * A page prerendered at build time (/ingresar, /registro) is usable as it is: its fields take typing, and the app
 * hydrates it, keeping what was typed, on the visitor's first use of the page. Measured with applied
 * throttling (4x CPU), starting the app after the paint instead cost /ingresar ~1 s of blocking time
 * (Lighthouse 78 against 100): README.md. Not with a query (`?volver=`: the shared destination's preview
 * is the app's) nor for a visitor already signed in (the app sends them on).
 */
function canWaitForFirstUse(): boolean {
  if (!document.getElementById('root')?.hasAttribute(PRERENDERED_ATTR) || window.location.search) return false;
  // A screen the server rendered (the landing, its page data beside it: serve-render.tsx) has buttons
  // that only the app runs (the carousel's arrows): its first press must not be lost to the start.
  if (document.getElementById(WEB_BUILD.pageDataId)) return false;
  try {
    return !window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage blocked: no stored session either.
    return true;
  }
}

function onFirstUse(start: () => void): void {
  const once = () => {
    for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, once, true);
    start();
  };
  for (const type of FIRST_USE_EVENTS) document.addEventListener(type, once, { capture: true, passive: true });
  // A field focused before this script ran (the browser's autofocus, a quick tap).
  if (document.activeElement instanceof HTMLInputElement) once();
}

/** The service worker the build writes from src/sw/sw.ts (vite.config.ts), as lib/register-sw.ts registers it. */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * While a prerendered page waits for its first use, the app's code gets onto the device once the page
 * has loaded and is idle, so that the form still works if the signal is lost before that use: the
 * service worker precaches it from a thread of its own (and serves it once it claims the page). Where
 * there is no worker (blocked, not in production), the page prefetches its preloads itself, a few per
 * idle moment: downloaded, not compiled.
 */
function keepAppForFirstUse(): void {
  const idle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 50));
  const links = preloadLinks().map((link) => Object.assign(link, { rel: 'prefetch' }));
  const prefetch = (from = 0) =>
    idle(() => {
      if (started) return;
      document.head.append(...links.slice(from, from + PRELOADS_PER_TASK));
      if (from + PRELOADS_PER_TASK < links.length) prefetch(from + PRELOADS_PER_TASK);
    });
  const keep = () =>
    idle(() => {
      if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return prefetch();
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => prefetch());
    });
  if (document.readyState === 'complete') keep();
  else window.addEventListener('load', keep, { once: true });
}

if (canWaitForFirstUse()) {
  onFirstUse(() => void startApp());
  keepAppForFirstUse();
} else {
  void afterFirstPaint().then(startApp);
}
