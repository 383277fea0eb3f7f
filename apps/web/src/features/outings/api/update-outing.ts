import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, type MyOutings, type Outing } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type OutingAction = 'join' | 'leave' | 'cancel';

const PATH: Record<OutingAction, (id: string) => string> = {
  join: API.outingJoin,
  leave: API.outingLeave,
  cancel: API.outingCancel,
};

/** PUT /api/outing/join|leave|cancel/{id}: each answers the outing as it is after the change. */
export function updateOuting({ action, id }: { action: OutingAction; id: string }): Promise<Outing> {
  return api.put<Outing>(PATH[action](id));
}

/** Puts the server's answer in every list that shows that outing, at once (before the refetch). */
function replaceOuting(qc: QueryClient, outing: Outing) {
  qc.setQueryData<Outing[]>(queryKeys.outings.ofPlace(outing.id_place), (list) => list?.map((o) => (o._id === outing._id ? outing : o)));
  qc.setQueriesData<MyOutings>({ queryKey: queryKeys.outings.mineAll }, (mine) =>
    mine && {
      joined: mine.joined.map((o) => (o._id === outing._id ? outing : o)),
      leading: mine.leading.map((o) => (o._id === outing._id ? outing : o)),
    },
  );
}

/**
 * 'Inscribirme', 'Cancelar inscripción' and 'Cancelar salida'. On success the answer replaces the
 * outing wherever it is shown; success or refusal (e.g. 'Esta salida ya no tiene cupos.'), the lists
 * are then reloaded so the spots left are the server's. An admin's cancel is in the admin actions log.
 */
export function useUpdateOuting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOuting,
    onSuccess: (outing) => replaceOuting(qc, outing),
    onSettled: async (_data, _error, { action }) => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.outings.all }),
        action === 'cancel' ? qc.invalidateQueries({ queryKey: queryKeys.adminActions.all }) : undefined,
      ]);
    },
  });
}
