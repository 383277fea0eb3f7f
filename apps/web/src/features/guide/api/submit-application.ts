import { API, type GuideApplication, type User } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { queryKeys } from '@/lib/query-keys';

/** The guide application: update2 with the social fields, about_you and status 'Enviado' (replaces an earlier one). */
export function submitApplication(userId: string, application: GuideApplication): Promise<User> {
  return api.put<User>(API.userUpdate2(userId), { ...application, status: 'Enviado' });
}

export function useSubmitApplication(userId: string) {
  return useCacheMutation((application: GuideApplication) => submitApplication(userId, application), {
    replaces: () => queryKeys.user(userId),
    refetch: () => [queryKeys.user(userId), queryKeys.users.all],
  });
}
