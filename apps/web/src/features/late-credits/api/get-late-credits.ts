import type { LateCreditsResponse } from '@techbazaar/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** Credits past the s.34(2) time limit: all of them for admins, its own for a seller. */
export function getLateCredits(signal?: AbortSignal) {
  return api<LateCreditsResponse>('/admin/late-credits', { signal }).then((r) => r.data)
}

export function useLateCredits() {
  return useQuery(
    queryOptions({
      queryKey: ['late-credits'] as const,
      queryFn: ({ signal }) => getLateCredits(signal),
    }),
  )
}
