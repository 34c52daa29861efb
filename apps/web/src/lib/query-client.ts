import { QueryClient } from '@tanstack/react-query';

/** One client per app; retries follow the API client's own rules once the next issue adds them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
