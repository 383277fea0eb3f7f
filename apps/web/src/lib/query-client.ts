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
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
