import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Place } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/place: verified places for everyone; with an admin's token, all places (newest first). */
export function getPlaces(): Promise<Place[]> {
  return api.get<Place[]>(API.places);
}

export const placesQueryKey = queryKeys.places.list;

export const placesQueryOptions = () => queryOptions({ queryKey: placesQueryKey, queryFn: getPlaces });

export function usePlaces() {
  return useQuery(placesQueryOptions());
}

/** What visitors and members browse: verified places only (docs/product.md#search), even for an admin's token. */
export function verifiedOnly(places: readonly Place[]): Place[] {
  return places.filter((p) => p.verified);
}
