import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What a successful write changes in the cache; keys come from `lib/query-keys.ts`. */
export interface CacheEffects<TData, TVariables> {
  /** The cached entry the server's answer replaces at once, before any refetch. */
  replaces?: (data: TData, variables: TVariables) => QueryKey;
  /** Keys refetched afterwards (invalidating a key also refreshes every key under it). */
  refetch: (data: TData, variables: TVariables) => readonly QueryKey[];
  /**
   * The mutation settles only once those refetches are done, so the screen that follows shows the
   * server's data (a review's new mean); otherwise they run in the background.
   */
  awaitRefetch?: boolean;
}

/**
 * `useMutation` for a write whose only after-effect is on the cache: the answer replaces one entry and
 * a list of keys is refetched (docs/architecture.md#adding-a-call, step 6). Writes with other effects
 * (optimistic updates, the session) call `useMutation` themselves.
 */
export function useCacheMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  { replaces, refetch, awaitRefetch = false }: CacheEffects<TData, TVariables>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data: TData, variables: TVariables) => {
      if (replaces) qc.setQueryData(replaces(data, variables), data);
      const refetched = Promise.all(refetch(data, variables).map((queryKey) => qc.invalidateQueries({ queryKey })));
      return awaitRefetch ? refetched : undefined;
    },
  });
}
