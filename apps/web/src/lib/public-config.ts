import { useQuery } from '@tanstack/react-query';
import { API, type PublicConfig } from '@sendero/contract';
import { api } from './api-client';
import { queryKeys } from '@/lib/query-keys';

export const publicConfigQueryKey = queryKeys.publicConfig;

/** GET /api/config: the server's public settings (map tiles, social links). Changes only on a restart. */
export function getPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>(API.config, { auth: false });
}

export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: getPublicConfig, staleTime: Infinity });
}
