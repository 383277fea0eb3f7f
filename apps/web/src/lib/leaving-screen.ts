import type { DataRouter } from 'react-router';

/**
 * Whether a navigation to another screen has started and not finished (e.g. 'Ver más' while the
 * destination's code loads). Kept from the router's own state (`trackLeavingScreen`, called where a
 * router is made: app/router.tsx, and the component tests' test/render.tsx), synchronously when the
 * navigation starts, so a screen's timers can check it before React has re-rendered that screen: the
 * search screen's late write of its address must not undo the user's click (use-search-state.ts).
 */
let leaving = false;
/** The router's own path, which moves on as soon as a navigation ends, before React shows the new screen. */
let routerPathname: string | null = null;

/**
 * Whether the screen at `pathname` is being left or has been left: a navigation to another screen has
 * started, or has already ended while React still shows the old screen (the next one suspended, in a
 * transition) and the old screen's timers still run.
 */
export function isLeavingScreen(pathname: string): boolean {
  return leaving || (routerPathname !== null && routerPathname !== pathname);
}

/** Keeps `isLeavingScreen()` up to date with `router`; answers the unsubscribe. */
export function trackLeavingScreen(router: DataRouter): () => void {
  leaving = false;
  routerPathname = router.state.location.pathname;
  return router.subscribe(({ navigation, location }) => {
    leaving = navigation.state !== 'idle' && navigation.location.pathname !== location.pathname;
    routerPathname = location.pathname;
  });
}
