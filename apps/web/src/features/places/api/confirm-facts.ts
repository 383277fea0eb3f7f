import { API, type Place } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { placeQueryKey } from './get-place';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/place/{id}/facts-checked: an admin's 'Confirmar datos' (docs/product.md#access-facts). */
export function useConfirmFacts(id: string) {
  return useCacheMutation(() => api.put<Place>(API.placeFactsChecked(id)), {
    replaces: () => placeQueryKey(id),
    refetch: () => [placeQueryKey(id), queryKeys.places.all],
  });
}
