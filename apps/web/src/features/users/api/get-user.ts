import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type User } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getUser(id: string): Promise<User> {
  return api.get<User>(API.user(id));
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.user(id), queryFn: () => getUser(id) });

/** The user record; `id` undefined (no session) leaves the query idle. */
export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
