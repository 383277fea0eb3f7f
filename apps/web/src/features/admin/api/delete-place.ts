import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Deleted, type Place } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/place/delete/{id}: the place and its reviews, in one transaction (admin only). */
export function deletePlace(id: string): Promise<Deleted> {
  return api.del<Deleted>(API.placeDelete(id));
}

/** Takes the place out of the cached list at once, forgets its detail and reviews, then refetches the list. */
export function useDeletePlace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePlace(id),
    onSuccess: (_result, id) => {
      qc.setQueryData<Place[]>(queryKeys.places.list, (places) => places?.filter((p) => p._id !== id));
      qc.removeQueries({ queryKey: queryKeys.place(id) });
      qc.removeQueries({ queryKey: queryKeys.ratings(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.places.all });
    },
    // A refusal may mean another admin changed the list: show it as it is now.
    onError: () => void qc.invalidateQueries({ queryKey: queryKeys.places.all }),
  });
}
