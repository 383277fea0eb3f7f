import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api-client';

/**
 * Server state cache. Places change rarely, so a short stale time avoids refetching on every
 * screen change; client errors (4xx) are not retried, network failures are retried once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Not 'online': offline, react-query would pause the call silently; the api client fails at
        // once with the offline message instead, and a paused mutation would be sent on reconnect
        // even after the user cancelled it.
        // Offline, reads still run: the service worker may answer them from the saved destinations'
        // offline copies (docs/product.md#saved).
        networkMode: 'always',
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
