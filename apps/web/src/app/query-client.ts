import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors';

/** Client errors (4xx) and cancelled requests are final; a network or server failure is retried once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.cancelled || (error.status >= 400 && error.status < 500))) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
