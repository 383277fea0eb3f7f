import { useQuery } from '@tanstack/react-query';
import { API, type Place, type PlaceDetail } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

/** The detail: the place with its 'Estado reciente' (docs/product.md#trail-conditions) and its track's summary (docs/product.md#tracks). */
export function getPlace(id: string): Promise<Place & Partial<Pick<PlaceDetail, 'conditions' | 'track'>>> {
  return api.get<PlaceDetail>(API.place(id));
}

export const placeQueryKey = queryKeys.place;

export const placeQueryOptions = queryById(placeQueryKey, getPlace);

/** One place (GET /api/place/{id}); a 404 means the caller may not see it. */
export function usePlace(id: string) {
  return useQuery(placeQueryOptions(id));
}
