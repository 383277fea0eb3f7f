import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Deleted } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { ratingsQueryKey } from './get-ratings';
import { queryKeys } from '@/lib/query-keys';

export function deleteRating(id: string): Promise<Deleted> {
  return api.del<Deleted>(API.ratingDelete(id));
}

/** DELETE /api/rating/delete/{id} by the author or an admin; reloads the reviews and the place. */
export function useDeleteRating(placeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteRating,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ratingsQueryKey(placeId) }),
        qc.invalidateQueries({ queryKey: queryKeys.place(placeId) }),
        qc.invalidateQueries({ queryKey: queryKeys.places.all }),
        // An admin's deletion is logged in the admin actions history.
        qc.invalidateQueries({ queryKey: queryKeys.adminActions.all }),
      ]);
    },
  });
}
