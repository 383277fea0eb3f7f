import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, MSG, type Place, type Track, type TrackSummary, type TrackUploadResponse } from '@sendero/contract';
import { api, ApiRequestError } from '@/lib/api-client';
import { sendFile } from '@/lib/send-file';
import { isOnline } from '@/lib/online-status';
import { queryKeys } from '@/lib/query-keys';
import { getSession } from '@/lib/session';
import { placeQueryKey } from './get-place';
import { trackQueryOptions } from './get-track';

export type { Track, TrackSummary };

/** The track of a place that has one (`enabled`); the detail's map and its 'Recorrido' share it. */
export function useTrack(placeId: string, enabled: boolean) {
  return useQuery({ ...trackQueryOptions(placeId), enabled });
}

/** The place's cached detail with its track summary replaced (or removed). */
function withTrack(place: Place | undefined, track: TrackSummary | null): Place | undefined {
  return place && ({ ...place, track } as Place);
}

/**
 * PUT /api/place/{id}/track (multipart `file`) with upload progress; the summary the server computed
 * replaces the one in the cached detail, and the line and profile are read again.
 */
export function useUploadTrack(placeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: { file: File; onProgress?: (percent: number) => void; signal?: AbortSignal }) =>
      sendFile<TrackUploadResponse>('PUT', API.placeTrack(placeId), file, { onProgress, signal }),
    onSuccess: ({ track }) => {
      qc.setQueryData<Place>(placeQueryKey(placeId), (place) => withTrack(place, track));
      void qc.invalidateQueries({ queryKey: queryKeys.track(placeId) });
      void qc.invalidateQueries({ queryKey: placeQueryKey(placeId) });
    },
  });
}

/** DELETE /api/place/{id}/track: 'Quitar recorrido'. */
export function useDeleteTrack(placeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<{ _id: string; deleted: true }>(API.placeTrack(placeId)),
    onSuccess: () => {
      qc.setQueryData<Place>(placeQueryKey(placeId), (place) => withTrack(place, null));
      qc.removeQueries({ queryKey: queryKeys.track(placeId) });
      void qc.invalidateQueries({ queryKey: placeQueryKey(placeId) });
    },
  });
}

/**
 * The GPX of a place only its creator and admins may see yet (in review): a plain link would go
 * without the bearer token, so it is fetched with it and handed to the browser as a download.
 * A published place's link needs none of this (GET …/track.gpx is free, docs/product.md#tracks).
 */
export async function downloadTrackGpx(placeId: string): Promise<void> {
  const session = getSession();
  let res: Response;
  try {
    res = await fetch(API.placeTrackGpx(placeId), { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', isOnline() ? MSG.network : MSG.offline);
  }
  if (!res.ok) throw new ApiRequestError(res.status, res.status === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR', res.status === 404 ? MSG.notFound : MSG.internal);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'recorrido.gpx';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
