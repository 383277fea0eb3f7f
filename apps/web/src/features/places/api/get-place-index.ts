import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API, decodePlaceIndex, LANDING_FIRST_PAGE, type FactsSearchParams, type PlaceIndexEntry, type PlaceIndexWire, type PlaceSearchResponse, type SearchFilters } from '@sendero/contract';
import { api, isApiRequestError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/place/index: the compact browsing index (docs/product.md#catalogue), newest first, sent one
 * array per field and decoded here into entries (docs/decisions/028-compact-place-index.md).
 */
export async function getPlaceIndex(limit?: number): Promise<PlaceIndexEntry[]> {
  // Without the token: browsing shows verified places only, also to an administrator (whose token
  // would bring every place, docs/product.md#search).
  return decodePlaceIndex(await api.get<PlaceIndexWire>(API.placeIndex(limit), { auth: false }));
}

export const placeIndexQueryOptions = () => queryOptions({ queryKey: queryKeys.places.index, queryFn: () => getPlaceIndex() });

/** The whole index; `enabled: false` keeps it unloaded (the landing asks only once the visitor browses). */
export function usePlaceIndex(options: { enabled?: boolean } = {}) {
  return useQuery({ ...placeIndexQueryOptions(), enabled: options.enabled ?? true, retry: (n, e) => !isUseSearch(e) && n < 2 });
}

/** The landing's first page: the LANDING_FIRST_PAGE newest destinations. */
export function usePlaceIndexFirstPage() {
  return useQuery({ queryKey: queryKeys.places.firstPage, queryFn: () => getPlaceIndex(LANDING_FIRST_PAGE) });
}

/**
 * The landing's first page if it is in the cache (the landing asked for it, or the server rendered the
 * search screen from it: src/boot/page-data.ts), never asked for here.
 */
export function usePlaceIndexSeed(): PlaceIndexEntry[] | undefined {
  return useQuery({ queryKey: queryKeys.places.firstPage, queryFn: () => getPlaceIndex(LANDING_FIRST_PAGE), enabled: false }).data;
}

/** The catalogue is too large to send whole (413 USE_SEARCH): the screen asks the server search instead. */
export function isUseSearch(e: unknown): boolean {
  return isApiRequestError(e) && e.code === 'USE_SEARCH';
}

/**
 * GET /api/place/search, page by page (keyset cursor), for catalogues too large for the index: the text
 * filters and the access-fact filters (the contract's factsSearchParams: 'Abierto en' as a month,
 * 'Entrada libre', 'Sin agencia'), so the server counts and pages what they keep.
 */
export function useServerSearch(filters: SearchFilters & FactsSearchParams, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.places.search(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<PlaceSearchResponse>(
        API.placeSearch({ name: filters.name, city: filters.city, difficulty: filters.difficulty, open: filters.open, free: filters.free, no_agency: filters.no_agency, cursor: pageParam }),
        { signal, auth: false },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
    placeholderData: keepPreviousData,
  });
}
