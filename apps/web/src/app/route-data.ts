import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { placeIndexQueryOptions } from '@/features/places/api/get-place-index';
import { placeQueryOptions } from '@/features/places/api/get-place';
import { trackQueryOptions } from '@/features/places/api/get-track';
import { whenHydrated } from '@/boot/hydration';
import { queryClient } from '@/lib/query-client';
import { getSession } from '@/lib/session';

/**
 * Route loaders that start a screen's data as the router matches it (React Router runs a route's
 * `loader` alongside its `lazy` chunk), into the same query cache the screen reads: the request no
 * longer waits for the screen's chunk, its evaluation and its first render (about 2 s of a phone's 4x
 * slower CPU on slow 4G, docs/decisions/037-lighthouse-median-of-five.md). They resolve at once: the
 * screen shows its own loading state and errors, as before. Signed out, the guard sends the visitor to
 * log in, so nothing is asked for.
 */
export function prefetchPlaceIndex(): null {
  // On a search screen the server rendered, its first cards are in the page: the index waits for the
  // hydration, so that its answer cannot change what the hydrating render reads (boot/hydration.ts).
  if (getSession()) void whenHydrated().then(() => queryClient.prefetchQuery(placeIndexQueryOptions()));
  return null;
}

/**
 * The place, and as soon as it says it has a track (docs/product.md#tracks), the track (its line is on
 * the detail's map): it no longer waits for the detail's first render. The 'Recorrido' chunk with its
 * chart library is loaded by the section itself, as it nears the screen (features/places/components/track).
 */
export function prefetchPlace({ params }: LoaderFunctionArgs): null {
  const id = params.id;
  if (!getSession() || !id) return null;
  // On a detail the server rendered, the place is in the page; the track waits for the hydration.
  whenHydrated()
    .then(() => queryClient.fetchQuery(placeQueryOptions(id)))
    .then(
    (place) => {
      if (!place.track) return;
      void queryClient.prefetchQuery(trackQueryOptions(id));
    },
    // The screen shows its own error for the place.
    () => undefined,
  );
  return null;
}

/** The loaders above run when the route is entered, not again for a new query string or an action. */
export function onArrivalOnly({ currentParams, nextParams }: ShouldRevalidateFunctionArgs): boolean {
  return currentParams.id !== nextParams.id;
}
