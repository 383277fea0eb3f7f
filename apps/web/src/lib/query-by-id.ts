import { queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The query options of one record read by id (a user, a place, its reviews): the key from
 * `lib/query-keys.ts` and the fetcher, for the hook, the route loaders and prefetches alike.
 */
export function queryById<T, K extends QueryKey>(queryKey: (id: string) => K, fetch: (id: string) => Promise<T>) {
  return (id: string) => queryOptions({ queryKey: queryKey(id), queryFn: () => fetch(id) });
}
