import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type MyOutings } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMyOutings(): Promise<MyOutings> {
  return api.get<MyOutings>(API.outingsMine);
}

export const myOutingsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.outings.mine(userId), queryFn: getMyOutings });

/** /mis-salidas: the outings I joined and the ones I lead (GET /api/outings/mine). */
export function useMyOutings(userId: string | undefined) {
  return useQuery({ ...myOutingsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
