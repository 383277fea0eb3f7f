import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type GuideApplication, type User } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The guide application: update2 with the social fields, about_you and status 'Enviado' (replaces an earlier one). */
export function submitApplication(userId: string, application: GuideApplication): Promise<User> {
  return api.put<User>(API.userUpdate2(userId), { ...application, status: 'Enviado' });
}

export function useSubmitApplication(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (application: GuideApplication) => submitApplication(userId, application),
    onSuccess: (user) => {
      qc.setQueryData(queryKeys.user(userId), user);
      void qc.invalidateQueries({ queryKey: queryKeys.user(userId) });
      void qc.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
