import { useQuery } from '@tanstack/react-query';
import { API, type User } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

export function getUser(id: string): Promise<User> {
  return api.get<User>(API.user(id));
}

export const userQueryOptions = queryById(queryKeys.user, getUser);

/** The user record; `id` undefined (no session) leaves the query idle. */
export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
