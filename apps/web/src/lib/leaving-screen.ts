import type { DataRouter } from 'react-router';

/**
 * Whether a navigation to another screen has started and not finished (e.g. 'Ver más' while the
 * destination's code loads). Kept from the router's own state (`trackLeavingScreen`, called where a
 * router is made: app/router.tsx, and the component tests' test/render.tsx), synchronously when the
 * navigation starts, so a screen's timers can check it before React has re-rendered that screen: the
 * search screen's late write of its address must not undo the user's click (use-search-state.ts).
 */
let leaving = false;

export function isLeavingScreen(): boolean {
  return leaving;
}

/** Keeps `isLeavingScreen()` up to date with `router`; answers the unsubscribe. */
export function trackLeavingScreen(router: DataRouter): () => void {
  leaving = false;
  return router.subscribe(({ navigation, location }) => {
    leaving = navigation.state !== 'idle' && navigation.location.pathname !== location.pathname;
  });
}
