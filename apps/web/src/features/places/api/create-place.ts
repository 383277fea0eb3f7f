import { API, type Place, type PlaceCreate } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { placeQueryKey } from './get-place';
import { queryKeys } from '@/lib/query-keys';

export function createPlace(body: PlaceCreate): Promise<Place> {
  return api.post<Place>(API.placeCreate, body);
}

/** POST /api/place/create; the list of places is refreshed afterwards (docs/product.md#create-destination). */
export function useCreatePlace() {
  return useCacheMutation(createPlace, {
    replaces: (place) => placeQueryKey(place._id),
    refetch: () => [queryKeys.places.all],
  });
}
