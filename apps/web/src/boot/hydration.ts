import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

export { PRERENDERED_ATTR } from './hydration-attr';

const noSubscription = () => () => {};

/**
 * False while React hydrates a prerendered page, true after and on every other render. A screen reads
 * what the build could not know (the address's query, the history's state) only once this is true: the
 * hydrating render must produce the prerendered markup, and React renders again at once with the rest.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

let hydrated: Promise<void> = Promise.resolve();
let markDone: (() => void) | null = null;

/** main.tsx, before it hydrates a screen the server rendered: whenHydrated() then waits for that screen's commit. */
export function expectHydration(): void {
  hydrated = new Promise((resolve) => (markDone = resolve));
}

/**
 * False while React hydrates a screen the server rendered, then true after a render in a transition
 * (sliced, and committed on its own); true at once on any other render. Unlike useHydrated (a store,
 * whose change React renders synchronously inside the hydration's commit), what it brings (the cards'
 * 'Guardar', say) costs no long task.
 */
export function useAfterHydration(): boolean {
  const [after, setAfter] = useState(() => !isHydrating());
  useEffect(() => {
    if (!after) startTransition(() => setAfter(true));
  }, [after]);
  return after;
}

/** True from main.tsx's expectHydration() until the hydrated screen has committed. */
export function isHydrating(): boolean {
  return markDone !== null;
}

/** The hydrated screen has committed (app/layout/app-layout.tsx, the root of every screen). */
export function markHydrated(): void {
  markDone?.();
  markDone = null;
}

/**
 * Resolves once a screen the server rendered is hydrated (at once on any other page). Data asked for
 * before would reach the hydrating render and make it differ from the server's markup (the track's line
 * on the map, say): route loaders start what the server did not render from only then (app/route-data.ts).
 */
export function whenHydrated(): Promise<void> {
  return hydrated;
}
