import { useQuery } from '@tanstack/react-query';
import { API, type Place, type PlaceClosureRequest, type TrailReport } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { queryKeys } from '@/lib/query-keys';
import { adminActionsQueryKey } from './get-admin-actions';

/** 'Reportes del sendero' (GET /api/admin/trail-reports, admin only; docs/product.md#trail-conditions). */
export function useTrailReports() {
  return useQuery({ queryKey: queryKeys.trailReports, queryFn: () => api.get<TrailReport[]>(API.adminTrailReports) });
}

/** PUT /api/place/{id}/closure: 'Cerrar temporalmente' and 'Reabrir'; the place, the lists, the queue and the log follow. */
export function useSetClosure() {
  return useCacheMutation(({ id, body }: { id: string; body: PlaceClosureRequest }) => api.put<Place>(API.placeClosure(id), body), {
    replaces: (place) => queryKeys.place(place._id),
    refetch: (place) => [queryKeys.trailReports, queryKeys.places.all, queryKeys.place(place._id), adminActionsQueryKey(place._id)],
    awaitRefetch: true,
  });
}
