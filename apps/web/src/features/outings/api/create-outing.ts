import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Outing, type OutingCreate } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createOuting(body: OutingCreate): Promise<Outing> {
  return api.post<Outing>(API.outingCreate, body);
}

/** POST /api/outing/create ('Publicar salida'); the place's outings and 'Mis salidas' are reloaded. */
export function useCreateOuting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOuting,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.outings.all });
    },
  });
}
