import { API, type Place } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { adminActionsQueryKey } from './get-admin-actions';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/place/verified/{id}: flips `verified` and answers with the place (admin only). */
export function toggleVerified(id: string): Promise<Place> {
  return api.put<Place>(API.placeVerified(id));
}

/** The answer replaces the current place (docs/product.md#destination-detail); the lists and the log are refetched. */
export function useToggleVerified(id: string) {
  return useCacheMutation(() => toggleVerified(id), {
    replaces: () => queryKeys.place(id),
    refetch: () => [queryKeys.places.all, adminActionsQueryKey(id)],
  });
}
