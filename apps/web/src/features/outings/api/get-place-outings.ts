import { useQuery } from '@tanstack/react-query';
import { API, type Outing } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

export function getPlaceOutings(placeId: string): Promise<Outing[]> {
  return api.get<Outing[]>(API.outingsOfPlace(placeId));
}

export const placeOutingsQueryOptions = queryById(queryKeys.outings.ofPlace, getPlaceOutings);

/** 'Próximas salidas' of a place: not started yet, soonest first, cancelled ones included (GET /api/outing/place/{id}). */
export function usePlaceOutings(placeId: string) {
  return useQuery(placeOutingsQueryOptions(placeId));
}
