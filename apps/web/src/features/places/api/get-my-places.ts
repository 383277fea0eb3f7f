import { useQuery } from '@tanstack/react-query';
import { API, type Place } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/places/mine: the caller's own places, verified or not, newest first. */
export function getMyPlaces(): Promise<Place[]> {
  return api.get<Place[]>(API.placesMine);
}

/** The profile's 'Mis destinos'; under `places` so creating, editing or verifying a place refreshes it. */
export function useMyPlaces(userId: string | undefined) {
  return useQuery({ queryKey: queryKeys.places.mine(userId ?? ''), queryFn: getMyPlaces, enabled: Boolean(userId) });
}
