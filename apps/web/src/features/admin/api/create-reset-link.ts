import { API, type ResetLink } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { adminActionsQueryKey } from './get-admin-actions';

/** POST /api/admin/reset-link/{userId}: a single-use reset link to pass on by hand (logged). */
export function createResetLink(userId: string): Promise<ResetLink> {
  return api.post<ResetLink>(API.adminResetLink(userId));
}

export function useCreateResetLink(userId: string) {
  return useCacheMutation(() => createResetLink(userId), { refetch: () => [adminActionsQueryKey(userId)] });
}
