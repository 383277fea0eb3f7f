import { API, type Track } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/place/{id}/track: the simplified line and the profile (docs/product.md#tracks). */
export function getTrack(placeId: string): Promise<Track> {
  return api.get<Track>(API.placeTrack(placeId));
}

/** The track's query, for the detail (features/places/api/track.ts) and the detail's route loader. */
export const trackQueryOptions = queryById(queryKeys.track, getTrack);
