import { useQuery } from '@tanstack/react-query';
import { API, type PlacePreview } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/place/{id}/preview: a verified place as a shared link shows it (anonymous; 404 otherwise). */
export function getPlacePreview(id: string): Promise<PlacePreview> {
  return api.get<PlacePreview>(API.placePreview(id), { auth: false });
}

export function usePlacePreview(id: string | null) {
  return useQuery({
    queryKey: queryKeys.placePreview(id ?? ''),
    queryFn: () => getPlacePreview(id!),
    enabled: id !== null,
    // A place that is not shown (404) is simply not previewed.
    retry: false,
  });
}
