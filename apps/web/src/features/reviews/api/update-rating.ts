import { API, type Rating, type RatingUpdate } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { ratingsQueryKey } from './get-ratings';
import { queryKeys } from '@/lib/query-keys';

/** `signal` aborts the call. */
export function updateRating({ id, body, signal }: { id: string; body: RatingUpdate; signal?: AbortSignal }): Promise<Rating> {
  return api.put<Rating>(API.ratingUpdate(id), body, { signal });
}

/**
 * PUT /api/rating/update/{id} by its author (docs/product.md#reviews): afterwards the reviews, the
 * place (its mean and its 'Estado reciente') and the list of places are reloaded.
 */
export function useUpdateRating(placeId: string) {
  return useCacheMutation(updateRating, {
    refetch: () => [ratingsQueryKey(placeId), queryKeys.place(placeId), queryKeys.places.all],
    awaitRefetch: true,
  });
}
