import { useQuery } from '@tanstack/react-query';
import { API, type Place } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

export function getPlace(id: string): Promise<Place> {
  return api.get<Place>(API.place(id));
}

export const placeQueryKey = queryKeys.place;

export const placeQueryOptions = queryById(placeQueryKey, getPlace);

/** One place (GET /api/place/{id}); a 404 means the caller may not see it. */
export function usePlace(id: string) {
  return useQuery(placeQueryOptions(id));
}
