import { QueryClient } from '@tanstack/react-query';

/** Failures are already shown by the request layer: no silent retries that would toast again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
