import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, NO_FACTS, type Place, type PlaceIndexEntry, type SavedState } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api-client';
import { removePlaceOffline, storePlaceOffline } from '@/lib/offline-store';
import { savedOfflineQueryKey, savedQueryKey } from './get-saved';

interface ToggleInput {
  /** A full place (detail) or an entry of the browsing index (search cards). */
  place: Place | PlaceIndexEntry;
  save: boolean;
}

/** The saved list holds places: an index entry stands in for one until the list is refetched. */
function asListedPlace(place: Place | PlaceIndexEntry): Place {
  if ('photos' in place) return place;
  const { photo, closed, closed_months, fee_free: _free, needs_agency: _agency, ...rest } = place;
  const closure = closed ? { until: closed.until, note: '' } : null;
  return { ...rest, id_user: '', capacity: 0, photos: photo ? [photo] : [], description: '', how_to_get: '', tips: '', verified: true, updated_at: place.created_at, closure, ...NO_FACTS, closed_months: closed_months ?? [], facts_checked_on: null };
}

/**
 * 'Guardar' on and off: PUT or DELETE /api/saved/{id}, shown at once (optimistic) and rolled back
 * with the error toast if the server refuses (e.g. 'Puedes guardar hasta 100 destinos.'). Once saved,
 * the destination is downloaded for offline use; once removed, its offline copy goes.
 */
export function useToggleSaved(userId: string) {
  const queryClient = useQueryClient();
  const { showError } = useToast();
  const key = savedQueryKey(userId);
  return useMutation({
    mutationFn: ({ place, save }: ToggleInput) =>
      save ? api.put<SavedState>(API.savedPlace(place._id)) : api.del<SavedState>(API.savedPlace(place._id)),
    onMutate: async ({ place, save }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<Place[]>(key);
      queryClient.setQueryData<Place[]>(key, (old = []) => {
        const rest = old.filter((p) => p._id !== place._id);
        return save ? [asListedPlace(place), ...rest] : rest;
      });
      return { previous };
    },
    onError: (error, _input, context) => {
      queryClient.setQueryData(key, context?.previous);
      showError(errorMessage(error));
    },
    onSuccess: async (_state, { place, save }) => {
      const offlineKey = savedOfflineQueryKey(userId, place._id);
      if (save) {
        // The download may fail (a photo missing, storage full): the place stays saved, just not offline.
        const stored = await storePlaceOffline(userId, place._id).then(
          () => true,
          () => false,
        );
        queryClient.setQueryData(offlineKey, stored);
      } else {
        await removePlaceOffline(userId, place._id).catch(() => undefined);
        queryClient.setQueryData(offlineKey, false);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}
