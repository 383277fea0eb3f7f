import { useQuery } from '@tanstack/react-query';
import { API, type Place } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { isOnline } from '@/lib/online-status';
import { isPlaceOffline, storeSavedList } from '@/lib/offline-store';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

export const savedQueryKey = queryKeys.saved.of;
export const savedOfflineQueryKey = queryKeys.saved.offline;

/** GET /api/saved; a fresh answer is also kept for the worker to show offline. */
export async function getSaved(userId: string): Promise<Place[]> {
  const places = await api.get<Place[]>(API.saved);
  if (isOnline()) await storeSavedList(userId, places).catch(() => undefined);
  return places;
}

export const savedQueryOptions = queryById(savedQueryKey, getSaved);

/** The caller's saved destinations, most recently saved first (disabled without a user). */
export function useSaved(userId: string | undefined) {
  return useQuery({ ...savedQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** Whether this saved destination is stored on the device ('Disponible sin conexión'). */
export function useSavedOffline(userId: string | undefined, placeId: string, saved: boolean) {
  return useQuery({
    queryKey: savedOfflineQueryKey(userId ?? '', placeId),
    queryFn: () => isPlaceOffline(userId!, placeId),
    enabled: Boolean(userId) && saved,
    networkMode: 'always',
    staleTime: Infinity,
  });
}
