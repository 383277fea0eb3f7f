import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Place, type PlaceCreate } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { placeQueryKey } from './get-place';
import { queryKeys } from '@/lib/query-keys';

export function createPlace(body: PlaceCreate): Promise<Place> {
  return api.post<Place>(API.placeCreate, body);
}

/** POST /api/place/create; the list of places is refreshed afterwards (docs/product.md#create-destination). */
export function useCreatePlace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPlace,
    onSuccess: (place) => {
      qc.setQueryData(placeQueryKey(place._id), place);
      void qc.invalidateQueries({ queryKey: queryKeys.places.all });
    },
  });
}
