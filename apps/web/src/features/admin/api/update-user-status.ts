import { ADMIN_TRANSITIONS, API, type AdminTransition, type AdminUserUpdate, type User } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { adminActionsQueryKey } from './get-admin-actions';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/user/update2/{id} by an admin: one of the three guide transitions (docs/product.md#guide-application-status). */
export function transitionUser(id: string, transition: AdminTransition): Promise<User> {
  const body: AdminUserUpdate = { ...ADMIN_TRANSITIONS[transition] };
  return api.put<User>(API.userUpdate2(id), body);
}

/** The answer replaces the cached user at once; the lists and the log are refetched. */
export function useUserTransition(id: string) {
  return useCacheMutation((transition: AdminTransition) => transitionUser(id, transition), {
    replaces: () => queryKeys.user(id),
    refetch: () => [queryKeys.users.all, adminActionsQueryKey(id)],
  });
}
