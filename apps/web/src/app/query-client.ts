import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'

/** A 4xx answer will not change on a retry; a dropped connection or a 5xx may. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  })
}
