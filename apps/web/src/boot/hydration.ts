import { useSyncExternalStore } from 'react';

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
