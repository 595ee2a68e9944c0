import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/**
 * One cache for the app. Queries are not retried here: the API client already retries GETs on network
 * errors and 5xx with the spec's delays, and a 4xx will not change by asking again.
 * A 401 anywhere means the session ended: `onUnauthorized` lets the app forget the user and re-route.
 */
export function createQueryClient(onUnauthorized: () => void = () => undefined): QueryClient {
  const handle = (error: unknown) => {
    if (isApiError(error) && error.statusCode === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
