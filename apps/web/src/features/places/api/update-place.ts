import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Place, type PlaceUpdate } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { placeQueryKey } from './get-place';
import { queryKeys } from '@/lib/query-keys';

export function updatePlace(id: string, body: PlaceUpdate): Promise<Place> {
  return api.put<Place>(API.placeUpdate(id), body);
}

/** PUT /api/place/update/{id} by the creator or an admin; the answer replaces the cached place. */
export function useUpdatePlace(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceUpdate) => updatePlace(id, body),
    onSuccess: (place) => {
      qc.setQueryData(placeQueryKey(id), place);
      void qc.invalidateQueries({ queryKey: placeQueryKey(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.places.all });
    },
  });
}
