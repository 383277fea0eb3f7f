import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Status, type User } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/users[?status=]: every non-admin user, newest first (admin only). */
export function getUsers(status?: Status): Promise<User[]> {
  const path = status ? `${API.users}?${new URLSearchParams({ status })}` : API.users;
  return api.get<User[]>(path);
}

export const usersQueryKey = queryKeys.users.byStatus;

export const usersQueryOptions = (status?: Status) =>
  queryOptions({ queryKey: usersQueryKey(status), queryFn: () => getUsers(status) });

/** The users list; while another status loads, the previous rows stay on screen. */
export function useUsers(status?: Status) {
  return useQuery({ ...usersQueryOptions(status), placeholderData: keepPreviousData });
}
