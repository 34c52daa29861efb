import { QueryClient } from '@tanstack/react-query';

/** One client per app; retries are the API client's own (GET and idempotent calls only), so none here. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
