import { useQuery } from '@tanstack/react-query';
import { API, type Admin } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

export function getAdmin(id: string): Promise<Admin> {
  return api.get<Admin>(API.admin(id));
}

export const adminQueryOptions = queryById(queryKeys.admin, getAdmin);

/** The admin record (name and photo of an administrator); idle when `id` is undefined. */
export function useAdmin(id: string | undefined) {
  return useQuery({ ...adminQueryOptions(id ?? ''), enabled: Boolean(id) });
}
