import { useQuery } from '@tanstack/react-query';
import { API, type AdminAction } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/actions?target={id}: the moderation log of a user or a place, newest first. */
export function getAdminActions(targetId: string): Promise<AdminAction[]> {
  return api.get<AdminAction[]>(API.adminActions(targetId));
}

export const adminActionsQueryKey = queryKeys.adminActions.of;

export const adminActionsQueryOptions = queryById(adminActionsQueryKey, getAdminActions);

export function useAdminActions(targetId: string) {
  return useQuery(adminActionsQueryOptions(targetId));
}
