import { API, type Outing, type OutingCreate } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { queryKeys } from '@/lib/query-keys';

export function createOuting(body: OutingCreate): Promise<Outing> {
  return api.post<Outing>(API.outingCreate, body);
}

/** POST /api/outing/create ('Publicar salida'); the place's outings and 'Mis salidas' are reloaded. */
export function useCreateOuting() {
  return useCacheMutation(createOuting, { refetch: () => [queryKeys.outings.all], awaitRefetch: true });
}
