import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client';

/** Unused query data is kept for 60 seconds (spec 1 §9). */
export const QUERY_GC_TIME_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (401, 403, 404...) will not change on retry; network hiccups might.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiRequestError && error.status !== null && error.status < 500),
      },
    },
  });
}
