import { API, type Deleted } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { ratingsQueryKey } from './get-ratings';
import { queryKeys } from '@/lib/query-keys';

export function deleteRating(id: string): Promise<Deleted> {
  return api.del<Deleted>(API.ratingDelete(id));
}

/** DELETE /api/rating/delete/{id} by the author or an admin; reloads the reviews and the place. */
export function useDeleteRating(placeId: string) {
  return useCacheMutation(deleteRating, {
    // An admin's deletion is logged in the admin actions history.
    refetch: () => [ratingsQueryKey(placeId), queryKeys.place(placeId), queryKeys.places.all, queryKeys.adminActions.all],
    awaitRefetch: true,
  });
}
