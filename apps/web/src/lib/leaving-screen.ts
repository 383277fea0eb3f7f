/**
 * Whether a navigation to another screen has started and not finished (e.g. 'Ver más' while the
 * destination's code loads). Kept by app/router.tsx from the router's own state, synchronously when the
 * navigation starts, so a screen's timers can check it before React has re-rendered that screen: the
 * search screen's late write of its address must not undo the user's click (use-search-state.ts).
 */
let leaving = false;

export function isLeavingScreen(): boolean {
  return leaving;
}

export function setLeavingScreen(value: boolean): void {
  leaving = value;
}
