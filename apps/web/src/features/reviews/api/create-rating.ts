import { API, type Rating, type RatingCreate } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/cache-mutation';
import { ratingsQueryKey } from './get-ratings';
import { queryKeys } from '@/lib/query-keys';

/** `signal` aborts the call: a review cancelled while sending is never sent later. */
export function createRating({ body, signal }: { body: RatingCreate; signal?: AbortSignal }): Promise<Rating> {
  return api.post<Rating>(API.ratingCreate, body, { signal });
}

/**
 * POST /api/rating/create. Afterwards the place's reviews and the place itself (its mean and
 * count changed) are reloaded, and the list of places too (docs/product.md#reviews).
 */
export function useCreateRating(placeId: string) {
  return useCacheMutation(createRating, {
    refetch: () => [ratingsQueryKey(placeId), queryKeys.place(placeId), queryKeys.places.all],
    awaitRefetch: true,
  });
}
