import { useEffect } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useToast } from './toast';

/** Shows the error toast once for each new failure of a query (network down, server error). */
export function useErrorToast(error: unknown): void {
  const { showError } = useToast();
  useEffect(() => {
    if (error) showError(errorMessage(error));
  }, [error, showError]);
}
