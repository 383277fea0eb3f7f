import { API, type Place, type PlaceUpdate } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { placeQueryKey } from './get-place';
import { queryKeys } from '@/lib/query-keys';

export function updatePlace(id: string, body: PlaceUpdate): Promise<Place> {
  return api.put<Place>(API.placeUpdate(id), body);
}

/** PUT /api/place/update/{id} by the creator or an admin; the answer replaces the cached place. */
export function useUpdatePlace(id: string) {
  return useCacheMutation((body: PlaceUpdate) => updatePlace(id, body), {
    replaces: () => placeQueryKey(id),
    refetch: () => [placeQueryKey(id), queryKeys.places.all],
  });
}
