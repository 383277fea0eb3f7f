import { useQuery } from '@tanstack/react-query';
import { API, type RatingListItem } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { queryById } from '@/lib/query-by-id';
import { queryKeys } from '@/lib/query-keys';

export function getRatings(placeId: string): Promise<RatingListItem[]> {
  return api.get<RatingListItem[]>(API.ratings(placeId));
}

export const ratingsQueryKey = queryKeys.ratings;

export const ratingsQueryOptions = queryById(ratingsQueryKey, getRatings);

/** The reviews of a place, newest first (GET /api/rating/{placeId}). */
export function useRatings(placeId: string) {
  return useQuery(ratingsQueryOptions(placeId));
}
