import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Place } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { adminActionsQueryKey } from './get-admin-actions';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/place/verified/{id}: flips `verified` and answers with the place (admin only). */
export function toggleVerified(id: string): Promise<Place> {
  return api.put<Place>(API.placeVerified(id));
}

/** The answer replaces the current place (docs/product.md#destination-detail); the lists and the log are refetched. */
export function useToggleVerified(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => toggleVerified(id),
    onSuccess: (place) => {
      qc.setQueryData(queryKeys.place(id), place);
      void qc.invalidateQueries({ queryKey: queryKeys.places.all });
      void qc.invalidateQueries({ queryKey: adminActionsQueryKey(id) });
    },
  });
}
