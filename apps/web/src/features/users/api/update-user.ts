import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type PasswordUpdate, type SelfUpdate, type User } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { getSession, setSession } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

export interface PasswordUpdateResult {
  user: User;
  token: string;
}

/** update1: new password (and optionally photo). The server answers with a fresh token. */
export function updatePassword(id: string, body: PasswordUpdate): Promise<PasswordUpdateResult> {
  return api.put<PasswordUpdateResult>(API.userUpdate1(id), body);
}

/** update2: photo and/or guide application (by the user), or status/role (by an admin). */
export function updateUser(id: string, body: SelfUpdate): Promise<User> {
  return api.put<User>(API.userUpdate2(id), body);
}

export function useUpdatePassword(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordUpdate) => updatePassword(id, body),
    onSuccess: (result) => {
      // Every earlier token of this user stops working: keep the new one.
      const session = getSession();
      if (session && session._id === id) setSession({ ...session, token: result.token, role: result.user.role });
      qc.setQueryData(queryKeys.user(id), result.user);
      void qc.invalidateQueries({ queryKey: queryKeys.user(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.admin(id) });
    },
  });
}

export function useUpdateUser(id: string) {
  return useCacheMutation((body: SelfUpdate) => updateUser(id, body), {
    replaces: () => queryKeys.user(id),
    refetch: () => [queryKeys.user(id), queryKeys.admin(id), queryKeys.users.all],
  });
}
