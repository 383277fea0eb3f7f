/**
 * The page's entry script (index.html), a few hundred bytes: it lets the browser paint the page's static
 * first paint (the landing's hero, the login and register screens rendered at build time, the spinner)
 * and only then asks for the app's code (main.tsx and the first screen's chunks), all at once, and
 * evaluates it in stages, a task each (docs/decisions/034-app-evaluated-in-stages.md).
 *
 * Why after the paint (docs/decisions/032-app-code-after-the-first-paint.md): a script that has
 * downloaded before the first paint counts as needed for it in Lighthouse's simulated load, which then
 * makes a phone's first paint wait for ~170 KB of JavaScript that the static page does not use.
 *
 * On /ingresar and /registro, whose HTML carries the screen itself, the app starts on the visitor's
 * first touch, key or focus instead, and its form takes over what was typed in the static one
 * (lib/static-screen.ts, docs/decisions/038-auth-screens-start-on-first-use.md).
 */

// Roboto 400/500/700 cut down to the characters Spanish text uses (scripts/subset-fonts.mjs); the build
// inlines these @font-face rules into index.html (vite.config.ts), so the first paint has them.
import '@/assets/fonts/fonts.css';
import { SESSION_STORAGE_KEY, WEB_BUILD } from '@sendero/contract';
import { STATIC_SCREEN_ATTR, watchStaticScreen } from '@/lib/static-screen';

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

let started = false;

async function startApp(): Promise<void> {
  if (started) return;
  started = true;
  // The screen's chunks download alongside the app's, not after the router asks for them; a few
  // tags per task: starting ~30 requests at once was a 20-30 ms task of its own.
  const links = routePreloads();
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    if (i) await nextTask();
    document.head.append(...links.slice(i, i + PRELOADS_PER_TASK));
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

/** Copies of the page's route preload tags (apps/server/src/plugins/web.ts), none on most pages. */
function routePreloads(): HTMLLinkElement[] {
  const template = document.getElementById(WEB_BUILD.routePreloadsId);
  if (!(template instanceof HTMLTemplateElement)) return [];
  return [...template.content.children].filter((el) => el instanceof HTMLLinkElement).map((link) => link.cloneNode(true) as HTMLLinkElement);
}

/**
 * Whether the app can wait for the visitor's first use of the static screen
 * (docs/decisions/038-auth-screens-start-on-first-use.md): not with `?volver=` (the shared destination's
 * preview is the app's) nor for a visitor already signed in (the app sends them on).
 */
function canWaitForFirstUse(): boolean {
  if (window.location.search) return false;
  try {
    return !window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage blocked: no stored session either.
    return true;
  }
}

/** The service worker the build writes from src/sw/sw.ts (vite.config.ts), as lib/register-sw.ts registers it. */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * While the static screen waits, the app's code gets onto the device once the page has loaded and is
 * idle, so that the form still works if the signal is lost before the first use. The service worker
 * precaches it from a thread of its own and serves it from then on (it claims the page); the page's
 * thread only registers it. Where there is no worker (blocked, not in production), the page prefetches
 * the app's chunks and the form's validation itself, a few per idle moment: downloaded, not compiled.
 * Lighthouse counted each response of the prefetch as a task of this page's (decision 38).
 */
function keepAppForFirstUse(): void {
  const idle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 50));
  const links = routePreloads().map((link) => {
    link.rel = 'prefetch';
    return link;
  });
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

// /ingresar and /registro: their static screen takes typing at once, and the app's form takes over what
// was typed there whenever the app starts (lib/static-screen.ts).
const staticScreen = document.querySelector(`[${STATIC_SCREEN_ATTR}]`);
if (staticScreen) watchStaticScreen(staticScreen, () => void startApp());
if (staticScreen && canWaitForFirstUse()) keepAppForFirstUse();
else void afterFirstPaint().then(startApp);
