import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are already shown by the request layer: no silent retries that would toast again. Requests go out
 * whatever the browser says of its connection (`networkMode: 'always'`): the console talks to its own
 * server, and a browser that believes itself offline for a moment (a network change) must not hold a
 * confirmed action back without a word — a request that cannot reach the server says so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
